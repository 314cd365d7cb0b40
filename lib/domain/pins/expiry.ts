import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { devices, lockPins } from '@/db/schema';
import { expiredWhere } from './store';
import { sendPinRemovals } from './removals';
import { periodicWorker } from '@/lib/workers';
import { pinExpiryEveryMs } from '@/lib/config/workers';

/**
 * A PIN whose end date has passed is removed and its lock's list version goes up by one
 * (decisions.md). The DELETE ... RETURNING is the claim: when the worker of two processes and a
 * lazy prune on a list read race, each row is removed by exactly one of them, so each removal
 * raises the version exactly once.
 *
 * The service's copy is pruned without a device round trip: an expired PIN is already refused at
 * the keypad (its schedule is judged at entry), and a prune must succeed even while the lock is
 * offline, or expired PINs would linger in every list.
 * Locks are taken device row first, then PIN rows, the same order as every PIN write, so a
 * sweep and a write never deadlock.
 */
export async function pruneExpired(db: Db, now: Date, deviceId?: number): Promise<number[]> {
  const due = await db.selectDistinct({ id: lockPins.deviceId }).from(lockPins).where(expiredWhere(now, deviceId));
  if (due.length === 0) return [];
  const ids = due.map((d) => d.id);
  return db.transaction(async (tx) => {
    await tx
      .select({ id: devices.id })
      .from(devices)
      .where(inArray(devices.id, ids))
      .orderBy(asc(devices.id))
      .for('update');
    const gone = await tx
      .delete(lockPins)
      .where(and(expiredWhere(now, deviceId), inArray(lockPins.deviceId, ids)))
      .returning({ deviceId: lockPins.deviceId });
    const touched = [...new Set(gone.map((g) => g.deviceId))].sort((a, b) => a - b);
    for (const id of touched) {
      await tx
        .update(devices)
        .set({ pinListVersion: sql`${devices.pinListVersion} + 1` })
        .where(eq(devices.id, id));
    }
    return touched;
  });
}

/** Background worker (lib/workers/registry.ts): sweeps expired PINs of all locks, and retries the removals of PINs ended early. */
export const worker = periodicWorker(
  'pin-expiry',
  pinExpiryEveryMs,
  async (db) => {
    const touched = await pruneExpired(db, new Date());
    if (touched.length) console.log(`pin-expiry: removed expired PINs on ${touched.length} lock(s)`);
    // PINs ended early that a lock still keeps (it was unreachable when they ended)
    await sendPinRemovals(db);
  },
  { atStart: true },
);
