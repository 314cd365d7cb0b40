import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { perDb } from '@/db/prepared';
import { deviceOperations } from '@/db/schema';
import { keyStillValidSql } from '@/lib/auth/keys';
import type { OperationType, OperationView } from '@/lib/devices';
import { FORCE_STATES, LockState, OperationType as OperationTypes, UnlockMode } from '@/lib/shared/devices/codes';
import { candidatesOf } from '../access/effective';
import { callerValues, confirmKey, type Ctx } from '../context';
import { Conflict, NotFound } from '../errors';
import { fmtZ } from '../format';
import { operationProgress, startLockOperation } from './commands';
import { loadOne } from './load';
import { LOCK_TYPES } from './locks';
import { enforceDevice } from '../policy/enforce';
import { enforceLockdown } from '../lockdown/state';

const VERB: Record<OperationType, string> = {
  [OperationTypes.lock]: 'lock',
  [OperationTypes.unlock]: 'unlock',
  [OperationTypes.pull]: 'pull',
};

/**
 * POST /my/lock/{id}/operation/{lock|unlock|pull}: checks the caller may open the lock now
 * (lib/shared/policy: an access active in the lock's time zone, remote opening not disabled
 * except for owners), then hands the command to the gateway. 202 once the lock took it; the
 * outcome comes later.
 */
export async function operateLock(ctx: Ctx, input: { id: number; type: OperationType; mode?: number }) {
  // the lock and the caller's access to it in one prepared statement
  const loaded = await loadOne(ctx, input.id, LOCK_TYPES);
  if (!loaded) throw NotFound('Lock');
  const { d: lock, access } = loaded;
  enforceDevice('open', access, ctx.now(), { kind: 'Lock', device: lock.name, doing: `${VERB[input.type]} it` });
  // a lockdown refuses unlocking and pulling, never locking (issue 35)
  if (input.type !== OperationTypes.lock) await enforceLockdown(ctx.db, input.id, ctx.caller);
  if (input.mode === UnlockMode.force && !FORCE_STATES.includes(lock.state ?? LockState.unknown)) {
    throw Conflict('A forced unlock (mode 2) is only for a lock whose state is unknown or semi-locked.');
  }
  const r = await startLockOperation(ctx.db, {
    deviceId: input.id,
    type: input.type,
    mode: input.mode,
    userId: ctx.caller.userId,
  });
  return { operationId: r.operationId, lastStateChangedDate: fmtZ(r.lastStateChangedDate) };
}

/** An operation with the caller's candidate accesses to its device and the remembered-key check. */
function statusQuery(db: Db) {
  const acc = candidatesOf(db, deviceOperations.deviceId);
  return db
    .select({
      keyOk: keyStillValidSql(),
      deviceId: deviceOperations.deviceId,
      operationId: deviceOperations.id,
      type: deviceOperations.type,
      status: deviceOperations.status,
      result: deviceOperations.result,
      completeAt: deviceOperations.completeAt,
      accessId: acc.id,
    })
    .from(deviceOperations)
    .innerJoinLateral(acc, sql`true`)
    .where(eq(deviceOperations.id, sql.placeholder('id')))
    .limit(1)
    .prepare('operation_visible');
}

const status = perDb(statusQuery);

/**
 * GET /my/device/operation/{operationId}: progress of a command on a device the caller can see
 * (any access to it, active or not), in one statement; the gateway settles one whose time has come.
 */
export async function getOperationStatus(ctx: Ctx, operationId: string) {
  const now = ctx.now();
  const [row] = await status(ctx.db).execute({ id: operationId, ...callerValues(ctx, now) });
  if (!row) throw NotFound('Operation');
  confirmKey(ctx, row.keyOk);
  let op: OperationView | null = {
    ...row,
    type: row.type as OperationType,
    status: row.status as OperationView['status'],
  };
  if (op.status === 'PENDING' && row.completeAt <= now) op = await operationProgress(ctx.db, operationId, now);
  if (!op) throw NotFound('Operation');
  return { deviceId: op.deviceId, operationId: op.operationId, result: op.result, status: op.status, type: op.type };
}
