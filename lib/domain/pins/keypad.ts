import { and, eq, isNotNull } from 'drizzle-orm';
import { devices } from '@/db/schema';
import { LockState, lockStatus, StateChangeResult } from '@/lib/devices/simulator/states';
import { requireDeviceAccess } from '../access/effective';
import { ActivityEvent, recordActivity } from '../activity/record';
import type { Ctx } from '../context';
import { isActiveAt } from '../schedule';
import { enqueueWebhookEvent } from '../webhooks/outbox';
import { pruneExpired } from './expiry';
import { findByValue, lockHead } from './store';

export interface KeypadResult {
  /** the activity written: 61 unlocked with a PIN, 62 wrong PIN, 75 outside its allowed time */
  event: number;
  unlocked: boolean;
}

/**
 * Simulator control plane: someone types `entered` on the lock's keypad. The PIN is found by its
 * keyed hash (values are never decrypted to compare) and its schedule is judged at this instant
 * in the lock's own time zone. Entries are made at the door: source 0, no user; a known PIN's
 * alias is the entry's username, so the log says which PIN opened the door. An expired PIN is
 * pruned first, so it counts as wrong, as it would on a lock that already dropped it.
 *
 * A successful entry unlocks the lock here, in the PIN area: the gateway has no "local unlock"
 * verb, and the keypad talks to the lock directly, not through the bridge, so it also works
 * while the bridge is offline. Only a paired lock has a known state to change.
 */
export async function enterPinAtKeypad(ctx: Ctx, deviceId: number, entered: string): Promise<KeypadResult> {
  await requireDeviceAccess(ctx, deviceId);
  const head = await lockHead(ctx.db, deviceId);
  const now = ctx.now();
  if (head.nextExpiry && head.nextExpiry <= now) await pruneExpired(ctx.db, now, deviceId);
  const pin = await findByValue(ctx.db, deviceId, entered);
  if (!pin) {
    await recordActivity(ctx.db, { deviceId, event: ActivityEvent.wrongPin, source: 0, at: now });
    return { event: ActivityEvent.wrongPin, unlocked: false };
  }
  if (!isActiveAt(pin, now, head.timeZone)) {
    await recordActivity(ctx.db, { deviceId, event: ActivityEvent.pinOutsideTime, source: 0, username: pin.alias, at: now });
    return { event: ActivityEvent.pinOutsideTime, unlocked: false };
  }
  await ctx.db.transaction(async (tx) => {
    const [d] = await tx
      .update(devices)
      .set({ state: LockState.unlocked, stateChangeResult: StateChangeResult.ok, lastStateChangedDate: now })
      .where(and(eq(devices.id, deviceId), isNotNull(devices.state)))
      .returning();
    await recordActivity(tx, { deviceId, event: ActivityEvent.unlockedPin, source: 0, username: pin.alias, at: now });
    if (d) await enqueueWebhookEvent(tx, 'lock-status-changed', d, lockStatus(d), now);
  });
  return { event: ActivityEvent.unlockedPin, unlocked: true };
}
