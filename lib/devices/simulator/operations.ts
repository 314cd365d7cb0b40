import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lte } from 'drizzle-orm';
import { getDb, type Db } from '@/db/client';
import { deviceOperations, devices } from '@/db/schema';
import type { OperationView, StartOperationInput } from '../gateway';
import { commandMs, slotGraceMs, slowFactor, staleMs, timeoutMs } from './config';
import { scheduleAutoLock } from './autolock';
import { applyOutcome } from './effects';
import { consumeFault } from './faults';
import { loadLock, reachable, requireReachable } from './lock-row';
import { releaseSlot, takeSlot } from './slot';
import { scheduleSpringReturn } from './spring';
import { OpResult, transitional } from './states';

/**
 * Accepts a lock/unlock/pull: takes the device slot, plans the outcome (faults of the control
 * plane decide it now), moves the lock to its transitional state and records the plan. The
 * outcome is applied later by `settle`, by whichever process gets there first.
 */
export async function startOperation(db: Db, input: StartOperationInput): Promise<{ operationId: string; lastStateChangedDate: Date }> {
  const lock = await loadLock(db, input.deviceId);
  requireReachable(lock);
  const operationId = randomUUID();
  let now = new Date();
  const planned = await db.transaction(async (tx) => {
    const fault = await planFault(tx, input.deviceId, operationId, now);
    // the command starts once the slot is ours (we may have waited for another process's commit)
    now = new Date();
    const ms = fault === 'timeout' ? timeoutMs() : fault === 'slow' ? commandMs() * slowFactor : commandMs();
    const completeAt = new Date(now.getTime() + ms);
    const plannedResult = fault === 'timeout' ? OpResult.timedOut : fault === 'jam' ? OpResult.jammed : OpResult.ok;
    await tx.update(devices).set({ busyUntil: new Date(completeAt.getTime() + slotGraceMs()) }).where(eq(devices.id, input.deviceId));
    await tx.insert(deviceOperations).values({
      id: operationId,
      deviceId: input.deviceId,
      type: input.type,
      mode: input.mode ?? null,
      plannedResult,
      fromState: lock.state,
      userId: input.userId,
      accessLinkId: input.accessLinkId ?? null,
      created: now,
      completeAt,
    });
    await tx.update(devices).set({ state: transitional[input.type], lastStateChangedDate: now }).where(eq(devices.id, input.deviceId));
    return { ms };
  });
  scheduleSettle(operationId, planned.ms);
  return { operationId, lastStateChangedDate: now };
}

async function planFault(tx: Db, deviceId: number, operationId: string, now: Date) {
  await takeSlot(tx, deviceId, operationId, new Date(now.getTime() + timeoutMs() * slowFactor + slotGraceMs()), now);
  return consumeFault(tx, deviceId);
}

/** The accepting process settles its own operation when the device would answer. */
export function scheduleSettle(operationId: string, ms: number): void {
  const t = setTimeout(() => {
    getDb()
      .then((db) => settle(db, operationId))
      .catch((e) => console.error(`settle ${operationId} failed:`, e));
  }, ms + 5);
  t.unref?.();
}

/**
 * Completes a due operation exactly once (the conditional UPDATE is the claim). An operation
 * found long after its planned end belonged to a process that died before seeing the answer:
 * it completes as timed out. A bridge that went offline meanwhile also means a timeout.
 */
export async function settle(db: Db, operationId: string, now = new Date()): Promise<boolean> {
  const done = await db.transaction(async (tx) => {
    const [op] = await tx
      .update(deviceOperations)
      .set({ status: 'COMPLETED', completedAt: now })
      .where(and(eq(deviceOperations.id, operationId), eq(deviceOperations.status, 'PENDING'), lte(deviceOperations.completeAt, now)))
      .returning();
    if (!op) return null;
    const lock = await loadLock(tx, op.deviceId);
    const stale = now.getTime() - op.completeAt.getTime() > staleMs();
    const result = stale || !reachable(lock) ? OpResult.timedOut : op.plannedResult;
    await tx.update(deviceOperations).set({ result }).where(eq(deviceOperations.id, op.id));
    const out = await applyOutcome(tx, op, result, now);
    await releaseSlot(tx, op.deviceId, op.id);
    return { ...out, deviceId: op.deviceId };
  });
  if (done) {
    scheduleSpringReturn(done.deviceId, done.state, done.springSeconds);
    scheduleAutoLock(done.deviceId, done.state, done.settings);
  }
  return done !== null;
}

/** Operation status; settles it first when its time has come. */
export async function getOperation(db: Db, operationId: string): Promise<OperationView | null> {
  const read = () => db.select().from(deviceOperations).where(eq(deviceOperations.id, operationId));
  let [op] = await read();
  if (!op) return null;
  if (op.status === 'PENDING' && op.completeAt <= new Date()) {
    await settle(db, operationId);
    [op] = await read();
  }
  return { operationId: op.id, deviceId: op.deviceId, type: op.type as 0 | 1 | 2, status: op.status as 'PENDING' | 'COMPLETED', result: op.result };
}

/** Finishes the due operations of these devices (readers call it so they never show stale progress). */
export async function settleDue(db: Db, deviceIds: number[]): Promise<void> {
  if (!deviceIds.length) return;
  const now = new Date();
  const due = await db
    .select({ id: deviceOperations.id })
    .from(deviceOperations)
    .where(and(inArray(deviceOperations.deviceId, deviceIds), eq(deviceOperations.status, 'PENDING'), lte(deviceOperations.completeAt, now)));
  for (const op of due) await settle(db, op.id, now);
}
