import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { deviceOperations, devices } from '@/db/schema';
import { getGateway, type OperationType, type OperationView } from '@/lib/devices';
import { DeviceType, TRANSIENT_STATES } from '@/lib/shared/devices/codes';
import { NotFound, PreconditionFailed } from '../errors';
import { lockAddress } from './hardware';
import { overdue, underway } from './overdue';
import { settleOverdue } from './reconcile';

/**
 * The domain's side of commands: the hardware's address for the gateway, and the read paths that
 * settle an operation whose time has come (its bridge asked, lib/domain/devices/reconcile.ts).
 */

/** Sends lock/unlock/pull to the lock (authorization is the caller's). */
export async function startLockOperation(
  db: Db,
  input: {
    deviceId: number;
    type: OperationType;
    mode?: number;
    userId: string | null;
    accessLinkId?: string | null;
    byTimetable?: boolean;
  },
): Promise<{ operationId: string; lastStateChangedDate: Date }> {
  const lock = await lockAddress(db, input.deviceId);
  return getGateway().startOperation(db, {
    lock,
    type: input.type,
    mode: input.mode,
    userId: input.userId,
    accessLinkId: input.accessLinkId,
    byTimetable: input.byTimetable,
  });
}

/** Opens a gate through the external gate system (412 when the service knows it unlinked). */
export async function openGateDevice(
  db: Db,
  input: { deviceId: number; userId: string | null; accessLinkId?: string | null },
): Promise<{ operationId: string }> {
  const [gate] = await db
    .select({ externalId: devices.externalId, isPresentInExternal: devices.isPresentInExternal })
    .from(devices)
    .where(and(eq(devices.id, input.deviceId), eq(devices.type, DeviceType.gate)));
  if (!gate) throw NotFound('Gate');
  if (gate.isPresentInExternal === false)
    throw PreconditionFailed(
      'The gate is unlinked: it is no longer in the external gate system. Add it there again, then synchronize it.',
    );
  return getGateway().openGate(db, { ...input, externalId: gate.externalId });
}

/** An operation's progress; one past its time is settled first (its lock's bridge asked), so none stays pending. */
export async function operationProgress(db: Db, operationId: string, now = new Date()): Promise<OperationView | null> {
  const read = () => db.select().from(deviceOperations).where(eq(deviceOperations.id, operationId));
  let [op] = await read();
  if (!op) return null;
  if (op.status === 'PENDING' && op.completeAt <= now) {
    await settleOverdue(db, now, [op.deviceId]);
    [op] = await read();
  }
  return {
    operationId: op.id,
    deviceId: op.deviceId,
    type: op.type as OperationType,
    status: op.status as OperationView['status'],
    result: op.result,
  };
}

/**
 * Before showing locks: those shown mid-command whose command is past its time are settled first,
 * so a read never shows stale progress. Only locks in a transitional state pay the extra query.
 */
export async function settleShown(
  db: Db,
  rows: Array<{ id: number; state: number | null }>,
  now = new Date(),
): Promise<boolean> {
  const moving = rows.filter((r) => r.state !== null && TRANSIENT_STATES.includes(r.state)).map((r) => r.id);
  if (!moving.length) return false;
  const due = await db
    .select({ id: deviceOperations.deviceId })
    .from(deviceOperations)
    .where(and(inArray(deviceOperations.deviceId, moving), overdue(now)));
  if (!due.length) return false;
  await settleOverdue(
    db,
    now,
    due.map((o) => o.id),
  );
  return true;
}

/** Whether a command of the service is under way on the lock (it would refuse another as busy). */
export async function commandUnderway(db: Db, deviceId: number, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: deviceOperations.id })
    .from(deviceOperations)
    .where(and(eq(deviceOperations.deviceId, deviceId), underway(now)))
    .limit(1);
  return !!row;
}
