import { eq } from 'drizzle-orm';
import { deviceOperations, devices } from '@/db/schema';
import { getGateway, type OperationType } from '@/lib/devices';
import { Level, requireDeviceAccess } from '../access/effective';
import type { Ctx } from '../context';
import { Conflict, Forbidden, NotFound } from '../errors';
import { fmtZ } from '../format';
import { LOCK_TYPES } from './locks';

const VERB: Record<OperationType, string> = { 0: 'lock', 1: 'unlock', 2: 'pull' };
/** states where only a forced unlock (mode 2) is meant for: unknown and semi-locked (jammed) */
const FORCE_STATES = [3, 9];

/**
 * POST /my/lock/{id}/operation/{lock|unlock|pull}: checks the caller may operate the lock now
 * (active access in the lock's time zone; remote access not disabled, except for owners),
 * then hands the command to the gateway. 202 once the lock took it; the outcome comes later.
 */
export async function operateLock(ctx: Ctx, input: { id: number; type: OperationType; mode?: number }) {
  const access = await requireDeviceAccess(ctx, input.id);
  const [lock] = await ctx.db.select({ type: devices.type, state: devices.state }).from(devices).where(eq(devices.id, input.id));
  if (!lock || !(LOCK_TYPES as number[]).includes(lock.type)) throw NotFound('Lock');
  const verb = VERB[input.type];
  if (!access.activeNow) throw Forbidden(`Your access to this lock is not active right now, so you cannot ${verb} it.`);
  if (access.remoteAccessDisabled && access.accessLevel < Level.owner) {
    throw Forbidden(`Remote access is disabled for you on this lock: you can ${verb} it only at the door.`);
  }
  if (input.mode === 2 && !FORCE_STATES.includes(lock.state ?? 9)) {
    throw Conflict('A forced unlock (mode 2) is only for a lock whose state is unknown or semi-locked.');
  }
  const r = await getGateway().startOperation(ctx.db, { deviceId: input.id, type: input.type, mode: input.mode, userId: ctx.caller.userId });
  return { operationId: r.operationId, lastStateChangedDate: fmtZ(r.lastStateChangedDate) };
}

/** GET /my/device/operation/{operationId}: progress of a command on a device the caller can see. */
export async function getOperationStatus(ctx: Ctx, operationId: string) {
  const [row] = await ctx.db.select({ deviceId: deviceOperations.deviceId }).from(deviceOperations).where(eq(deviceOperations.id, operationId));
  if (!row) throw NotFound('Operation');
  try {
    await requireDeviceAccess(ctx, row.deviceId);
  } catch {
    throw NotFound('Operation');
  }
  const op = await getGateway().getOperation(ctx.db, operationId);
  if (!op) throw NotFound('Operation');
  return { deviceId: op.deviceId, operationId: op.operationId, result: op.result, status: op.status, type: op.type };
}
