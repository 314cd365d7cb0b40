import { randomBytes } from 'node:crypto';
import { and, arrayContains, asc, eq, gt, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { deviceAccess, devices, organizationUsers, userGroupMembers, webhookDeliveries, webhookOutbox, webhookSubscriptions } from '@/db/schema';

/** webhook-id: unique per message (event x subscription), kept on every retry. */
export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

/**
 * Users who can see the device at `now`: a direct or group access within its dates (the same
 * rule as effectiveAccess, as one set query so fan-out does not loop over users).
 */
function viewersOf(db: Db, deviceId: number, now: Date) {
  const inDates = and(
    eq(deviceAccess.deviceId, deviceId),
    or(isNull(deviceAccess.startDate), lte(deviceAccess.startDate, now)),
    or(isNull(deviceAccess.endDate), gt(deviceAccess.endDate, now)),
  );
  const direct = db.select({ u: deviceAccess.userId }).from(deviceAccess).where(and(inDates, isNotNull(deviceAccess.userId)));
  const viaGroup = db
    .select({ u: organizationUsers.userId })
    .from(deviceAccess)
    .innerJoin(userGroupMembers, eq(userGroupMembers.groupId, deviceAccess.groupId))
    .innerJoin(organizationUsers, eq(organizationUsers.id, userGroupMembers.organizationUserId))
    .where(inDates);
  return { direct, viaGroup };
}

/** Enabled subscriptions that want this event of this device: its viewers' and its organization's. */
async function subscribersOf(db: Db, event: string, deviceId: number | null, now: Date): Promise<string[]> {
  if (deviceId === null) return [];
  const [device] = await db.select({ org: devices.organizationId }).from(devices).where(eq(devices.id, deviceId));
  if (!device) return [];
  const { direct, viaGroup } = viewersOf(db, deviceId, now);
  const owners = [inArray(webhookSubscriptions.userId, direct), inArray(webhookSubscriptions.userId, viaGroup)];
  if (device.org !== null) owners.push(eq(webhookSubscriptions.organizationId, device.org));
  const rows = await db
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.enabled, true), arrayContains(webhookSubscriptions.events, [event]), or(...owners)));
  return rows.map((r) => r.id);
}

/**
 * Fans pending outbox events out into one delivery per matching subscription. Rows are claimed
 * with FOR UPDATE SKIP LOCKED, so several processes split the work and each event is fanned out
 * once (the unique (outbox, subscription) index makes a repeat harmless anyway).
 */
export async function dispatchOutbox(db: Db, now: Date, limit = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const events = await tx
      .select({ id: webhookOutbox.id, event: webhookOutbox.event, deviceId: webhookOutbox.deviceId, created: webhookOutbox.created })
      .from(webhookOutbox)
      .where(isNull(webhookOutbox.dispatchedAt))
      .orderBy(asc(webhookOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!events.length) return 0;
    const rows: Array<typeof webhookDeliveries.$inferInsert> = [];
    for (const ev of events) {
      for (const subscriptionId of await subscribersOf(tx, ev.event, ev.deviceId, now)) {
        // due at once: since the event happened, or now if this process's clock is behind the writer's
        const due = ev.created < now ? ev.created : now;
        rows.push({ messageId: newMessageId(), outboxId: ev.id, subscriptionId, nextAttemptAt: due, created: now });
      }
    }
    if (rows.length) await tx.insert(webhookDeliveries).values(rows).onConflictDoNothing();
    await tx.update(webhookOutbox).set({ dispatchedAt: now }).where(inArray(webhookOutbox.id, events.map((e) => e.id)));
    return events.length;
  });
}
