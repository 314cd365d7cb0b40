import type { Db } from '@/db/client';
import { isUniqueViolation } from '@/db/errors';
import { getGateway, type PinChange } from '@/lib/devices';
import type { Ctx } from '../context';
import { NotAcceptable } from '../errors';
import { requireDevice } from '../policy/enforce';
import { lockAddress } from '../devices/hardware';
import { pruneExpired } from './expiry';
import { bumpVersion, lockForUpdate, lockHead, type LockHead } from './store';
import { enforceLockdown } from '../lockdown/state';
import { logError } from '@/lib/log';

export const DUPLICATE_MESSAGE = 'This PIN is already used on this lock. Choose another one.';

/**
 * A lock whose PINs the caller may manage now (lib/shared/policy: owner or administrator with the
 * access active; guest or outside the schedule 403, unseen 404, not a lock 404), with expired
 * PINs already gone so counts, duplicates and versions are right without the worker.
 */
export async function managedLock(
  ctx: Ctx,
  deviceId: number,
  doing: string,
  action: 'managePins' | 'readPinValue' = 'managePins',
): Promise<LockHead> {
  await requireDevice(ctx, deviceId, action, { doing });
  let head = await lockHead(ctx.db, deviceId);
  if (head.nextExpiry && head.nextExpiry <= ctx.now()) {
    await pruneExpired(ctx.db, ctx.now(), deviceId);
    head = await lockHead(ctx.db, deviceId);
  }
  return head;
}

/**
 * A PIN change goes to the lock first and reaches the database only once the lock confirmed it:
 * when the lock is unreachable (428), busy (409) or silent (408) the gateway throws and nothing
 * was written. (The other order, a transaction held open across the device round trip, would
 * keep row locks for seconds and, on PGlite's single connection, stall every other request.)
 * The commit then runs with the lock's row locked, so concurrent writes of one lock queue up and
 * each raises the list version by exactly one. If the commit fails after the lock accepted
 * (a race on the same value, a PIN deleted meanwhile), `undo` puts the lock back as it was.
 */
export async function sendThenCommit<T>(
  db: Db,
  deviceId: number,
  change: PinChange,
  commit: (tx: Db) => Promise<T>,
  undo: PinChange | null,
): Promise<T> {
  const gateway = getGateway();
  const lock = await lockAddress(db, deviceId);
  // a new or changed PIN would open the keypad of a door in lockdown (issue 35): asked before the
  // lock is bothered, and again with the door's row locked, which a lockdown's start takes too
  if (change.kind !== 'remove') await enforceLockdown(db, deviceId, 'keypad');
  await gateway.writePin(db, lock, change);
  try {
    return await db.transaction(async (tx) => {
      await lockForUpdate(tx, deviceId);
      if (change.kind !== 'remove') await enforceLockdown(tx, deviceId, 'keypad');
      const out = await commit(tx);
      await bumpVersion(tx, deviceId);
      return out;
    });
  } catch (e) {
    if (undo) {
      await gateway.writePin(db, lock, undo).catch((u: unknown) => {
        // the message only: a change may carry a PIN value, which must never reach a log
        logError(`pins: could not undo a ${change.kind} on lock ${deviceId}`, u);
      });
    }
    if (isUniqueViolation(e)) throw NotAcceptable(DUPLICATE_MESSAGE);
    throw e;
  }
}
