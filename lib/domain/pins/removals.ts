import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { devices, pinRemovals } from '@/db/schema';
import { getGateway } from '@/lib/devices';
import { logError } from '@/lib/log';
import { lockAddress } from '../devices/hardware';

/**
 * A PIN ended before its own end date is still on its lock, which judges entries against its own
 * copy: it must be taken off the lock, not only out of our list. `queuePinRemoval` records that in
 * the transaction that ends the PIN; `sendPinRemovals` tells the locks after the commit, and the PIN
 * worker (lib/domain/pins/expiry.ts) calls it again while a lock is unreachable.
 */
export async function queuePinRemoval(tx: Db, deviceId: number, pinId: number): Promise<void> {
  await tx.insert(pinRemovals).values({ deviceId, pinId }).onConflictDoNothing();
}

/**
 * Sends the waiting removals (of these locks, of an organization's locks, or all). A removal the lock confirmed drops the row;
 * a failure (lock offline, bridge silent) counts an attempt and leaves it for the next pass. No
 * transaction is held across the device round trip (on PGlite's one connection it would stall
 * every request); two processes may send one removal at once, which is harmless: taking a PIN off a
 * lock that no longer has it is confirmed the same. Never throws: the ending already committed.
 */
export async function sendPinRemovals(
  db: Db,
  scope: { deviceIds?: number[]; organizationId?: number } = {},
): Promise<number> {
  let sent = 0;
  try {
    const waiting = await db
      .select()
      .from(pinRemovals)
      .where(
        scope.deviceIds
          ? inArray(pinRemovals.deviceId, scope.deviceIds)
          : scope.organizationId !== undefined
            ? inArray(
                pinRemovals.deviceId,
                db.select({ id: devices.id }).from(devices).where(eq(devices.organizationId, scope.organizationId)),
              )
            : undefined,
      )
      .orderBy(asc(pinRemovals.created))
      .limit(200);
    for (const r of waiting) {
      const row = and(eq(pinRemovals.deviceId, r.deviceId), eq(pinRemovals.pinId, r.pinId));
      try {
        await getGateway().writePin(db, await lockAddress(db, r.deviceId), { kind: 'remove', pinId: r.pinId });
      } catch (e) {
        await db
          .update(pinRemovals)
          .set({ attempts: sql`${pinRemovals.attempts} + 1` })
          .where(row);
        if (r.attempts === 0) logError(`pins: lock ${r.deviceId} still keeps an ended PIN; will retry`, e);
        continue;
      }
      await db.delete(pinRemovals).where(row);
      sent++;
    }
  } catch (e) {
    logError('pins: sending PIN removals failed', e);
  }
  return sent;
}
