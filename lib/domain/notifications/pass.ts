import { and, asc, eq, gt, inArray, lt, lte, max, notExists, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import type { Db } from '@/db/client';
import {
  deviceActivity,
  devices,
  organizations,
  notificationCursor,
  notificationDigestItems,
  notificationDone,
  notificationPending,
  users,
} from '@/db/schema';
import { ActivityEvent as E, LOCK_TYPES } from '@/lib/shared/devices/codes';
import { enqueueMail, mailLink } from '@/lib/mail';
import { KIND_OF_EVENT, NOTIFIED_EVENTS, STALE_MS, type NotificationKind } from '@/lib/shared/notifications/kinds';
import {
  doorsCannotOpen,
  kindWords,
  listWords,
  renderNotification,
  unsubscribeLink,
  whatHappened,
  type DeviceFacts,
} from './message';
import { recipientsOf, recipientsOfMany, type Recipient } from './recipients';

/** Entries read per pass. */
export const BATCH = 100;
/**
 * Entries below the cursor read again (those already handled are in notification_done): an entry
 * whose transaction took its id early but committed after a pass moved the cursor is not lost.
 */
const LOOKBACK = 1000;

export interface PassResult {
  /** activity entries handled */
  handled: number;
  /** mails queued (one per event and person, and one per digest) */
  mailed: number;
  /** lines put in digests */
  digested: number;
}

/** Tests: only these devices (the cursor is then left where it is). */
export interface PassFilter {
  deviceIds?: number[];
}

/**
 * One pass of the notification worker, in one transaction: it locks the cursor row (so passes of
 * several processes run one after another), reads the new activity entries that matter, records
 * each as handled and queues its mails (lib/mail: the outbox) in the same transaction, then sends
 * bridges that stayed offline and the digests that are due. A crash before commit sends nothing
 * and the next pass does it all again; after commit nothing is done twice.
 */
export async function runNotificationPass(db: Db, now: Date, only: PassFilter = {}): Promise<PassResult> {
  return db.transaction(async (tx) => {
    const out: PassResult = { handled: 0, mailed: 0, digested: 0 };
    await tx.execute(
      sql`insert into notification_cursor (name, last_activity_id) select 'activity', coalesce(max(id), 0) from device_activity on conflict (name) do nothing`,
    );
    const [cursor] = await tx
      .select()
      .from(notificationCursor)
      .where(eq(notificationCursor.name, 'activity'))
      .for('update');
    const [{ top }] = await tx.select({ top: max(deviceActivity.id) }).from(deviceActivity);
    const entries = await tx
      .select({
        id: deviceActivity.id,
        deviceId: deviceActivity.deviceId,
        event: deviceActivity.event,
        date: deviceActivity.date,
      })
      .from(deviceActivity)
      .where(
        and(
          gt(deviceActivity.id, cursor.lastActivityId - LOOKBACK),
          inArray(deviceActivity.event, [...NOTIFIED_EVENTS]),
          only.deviceIds ? inArray(deviceActivity.deviceId, only.deviceIds.length ? only.deviceIds : [-1]) : undefined,
          notExists(
            tx.select({ one: sql`1` }).from(notificationDone).where(eq(notificationDone.activityId, deviceActivity.id)),
          ),
        ),
      )
      .orderBy(asc(deviceActivity.id))
      .limit(BATCH);

    for (const e of entries) {
      const [fresh] = await tx
        .insert(notificationDone)
        .values({ activityId: e.id, at: now })
        .onConflictDoNothing()
        .returning({ id: notificationDone.activityId });
      if (!fresh) continue;
      out.handled++;
      const kind = KIND_OF_EVENT[e.event];
      if (!kind || now.getTime() - e.date.getTime() > STALE_MS) continue;
      if (kind === 'bridgeOffline') {
        await tx
          .insert(notificationPending)
          .values({
            activityId: e.id,
            deviceId: e.deviceId,
            since: e.date,
            dueAt: new Date(e.date.getTime() + config().NOTIFY_BRIDGE_OFFLINE_MINUTES * 60_000),
          })
          .onConflictDoNothing();
        continue;
      }
      add(out, await notify(tx, e.deviceId, kind, e.date, now));
    }

    if (!only.deviceIds) {
      const last = entries.length >= BATCH ? entries[entries.length - 1].id : Math.max(cursor.lastActivityId, top ?? 0);
      if (last > cursor.lastActivityId) {
        await tx
          .update(notificationCursor)
          .set({ lastActivityId: last })
          .where(eq(notificationCursor.name, 'activity'));
        // entries this far below the cursor are never read again: their marks can go
        await tx.delete(notificationDone).where(lte(notificationDone.activityId, last - LOOKBACK));
      }
    }

    add(out, await bridgesStillOffline(tx, now, only));
    out.mailed += await sendDigests(tx, now);
    return out;
  });
}

const add = (out: { mailed: number; digested: number }, r: { mailed: number; digested: number }) => {
  out.mailed += r.mailed;
  out.digested += r.digested;
};

/** Tells everyone who wants it about one event: a mail now, or a line in their digest. */
async function notify(
  tx: Db,
  deviceId: number,
  kind: NotificationKind,
  at: Date,
  now: Date,
  /** the people told, for a caller that tells others next */
  told = new Set<string>(),
): Promise<{ mailed: number; digested: number }> {
  const r = { mailed: 0, digested: 0 };
  const [device] = await tx
    .select({
      id: devices.id,
      name: devices.name,
      timeZone: devices.timeZone,
      batteryLevel: devices.batteryLevel,
      organizationName: organizations.name,
    })
    .from(devices)
    .leftJoin(organizations, eq(organizations.id, devices.organizationId))
    .where(eq(devices.id, deviceId));
  if (!device) return r;
  const what = whatHappened(kind, device, at);
  for (const p of await recipientsOf(tx, deviceId, kind, now)) {
    told.add(p.userId);
    if (p.digest) {
      await tx
        .insert(notificationDigestItems)
        .values({ userId: p.userId, deviceId, kind, line: what.detail, at, created: now });
      r.digested++;
      continue;
    }
    {
      const unsubscribe = await unsubscribeLink(tx, p.userId, kind, now);
      const body = renderNotification(
        {
          greeting: `Hello ${p.displayName},`,
          paragraphs: [what.detail],
          action: { label: `Open ${device.name}`, url: deviceLink(device) },
          footer: `You get this mail because you manage ${device.name}. Choose which mails you get in Settings > Notifications.`,
        },
        { url: unsubscribe, what: kindWords(kind) },
      );
      await enqueueMail(
        tx,
        {
          to: p.email,
          subject: what.headline,
          ...body,
          kind: `notify-${kind}`,
          organizationName: device.organizationName,
        },
        now,
      );
    }
    r.mailed++;
  }
  return r;
}

const deviceLink = (d: Pick<DeviceFacts, 'id'>) => mailLink(`/devices/${d.id}`);

/** Bridges that went offline at least NOTIFY_BRIDGE_OFFLINE_MINUTES ago and are still offline. */
async function bridgesStillOffline(tx: Db, now: Date, only: PassFilter): Promise<{ mailed: number; digested: number }> {
  const r = { mailed: 0, digested: 0 };
  const due = await tx
    .select()
    .from(notificationPending)
    .where(
      and(
        lte(notificationPending.dueAt, now),
        only.deviceIds
          ? inArray(notificationPending.deviceId, only.deviceIds.length ? only.deviceIds : [-1])
          : undefined,
      ),
    )
    .orderBy(asc(notificationPending.dueAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  for (const p of due) {
    await tx.delete(notificationPending).where(eq(notificationPending.activityId, p.activityId));
    const [bridge] = await tx
      .select({ isConnected: devices.isConnected })
      .from(devices)
      .where(eq(devices.id, p.deviceId));
    if (!bridge || bridge.isConnected !== false) continue;
    const [back] = await tx
      .select({ id: deviceActivity.id })
      .from(deviceActivity)
      .where(
        and(
          eq(deviceActivity.deviceId, p.deviceId),
          eq(deviceActivity.event, E.bridgeConnected),
          gt(deviceActivity.date, p.since),
        ),
      )
      .limit(1);
    if (back) continue;
    const told = new Set<string>();
    add(r, await notify(tx, p.deviceId, 'bridgeOffline', p.since, now, told));
    add(r, await locksBehind(tx, p.deviceId, p.since, now, told));
  }
  return r;
}

/**
 * A bridge stayed offline: the people who manage a lock behind it without managing the bridge
 * (those were told by the bridge's mail) learn that their doors cannot be opened from afar, one
 * mail (or digest line) per person for all their doors behind it, as Home lists them (issue 33:
 * the same picture whoever looks). The bridge is not named: it is not theirs to see.
 */
async function locksBehind(
  tx: Db,
  bridgeId: number,
  since: Date,
  now: Date,
  told: Set<string>,
): Promise<{ mailed: number; digested: number }> {
  const r = { mailed: 0, digested: 0 };
  const locks = await tx
    .select({ id: devices.id, name: devices.name, timeZone: devices.timeZone, organizationName: organizations.name })
    .from(devices)
    .leftJoin(organizations, eq(organizations.id, devices.organizationId))
    .where(and(eq(devices.connectedToId, bridgeId), inArray(devices.type, [...LOCK_TYPES])))
    .orderBy(asc(devices.name), asc(devices.id));
  const byPerson = new Map<string, { p: Recipient; locks: typeof locks }>();
  const recipients = await recipientsOfMany(
    tx,
    locks.map((l) => l.id),
    'bridgeOffline',
    now,
  );
  for (const lock of locks)
    for (const p of recipients.get(lock.id) ?? []) {
      if (told.has(p.userId)) continue;
      const entry = byPerson.get(p.userId) ?? { p, locks: [] };
      entry.locks.push(lock);
      byPerson.set(p.userId, entry);
    }
  for (const { p, locks: theirs } of byPerson.values()) {
    const what = doorsCannotOpen(theirs, since);
    if (p.digest) {
      for (const lock of theirs)
        await tx.insert(notificationDigestItems).values({
          userId: p.userId,
          deviceId: lock.id,
          kind: 'bridgeOffline',
          line: doorsCannotOpen([lock], since).detail,
          at: since,
          created: now,
        });
      r.digested += theirs.length;
      continue;
    }
    const unsubscribe = await unsubscribeLink(tx, p.userId, 'bridgeOffline', now);
    const one = theirs.length === 1 ? theirs[0] : null;
    const body = renderNotification(
      {
        greeting: `Hello ${p.displayName},`,
        paragraphs: [what.detail],
        action: one
          ? { label: `Open ${one.name}`, url: deviceLink(one) }
          : { label: 'Open your devices', url: mailLink('/devices') },
        footer: `You get this mail because you manage ${listWords(theirs.map((l) => l.name))}. Choose which mails you get in Settings > Notifications.`,
      },
      { url: unsubscribe, what: kindWords('bridgeOffline') },
    );
    await enqueueMail(
      tx,
      {
        to: p.email,
        subject: what.headline,
        ...body,
        kind: 'notify-bridgeOffline',
        organizationName: theirs[0].organizationName,
      },
      now,
    );
    r.mailed++;
  }
  return r;
}

/** The latest digest time at or before `now`: today's NOTIFY_DIGEST_HOUR_UTC, or yesterday's. */
export function digestBoundary(now: Date): Date {
  const b = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), config().NOTIFY_DIGEST_HOUR_UTC),
  );
  if (b.getTime() > now.getTime()) b.setUTCDate(b.getUTCDate() - 1);
  return b;
}

/**
 * Daily digests: once a day at NOTIFY_DIGEST_HOUR_UTC, everything a person collected before that
 * hour goes out in one mail (so a line waits at most 24 hours).
 */
async function sendDigests(tx: Db, now: Date): Promise<number> {
  const boundary = digestBoundary(now);
  const waiting = await tx
    .selectDistinct({ userId: notificationDigestItems.userId })
    .from(notificationDigestItems)
    .where(lt(notificationDigestItems.created, boundary))
    .limit(BATCH);
  let mailed = 0;
  for (const { userId } of waiting) {
    const items = await tx
      .select()
      .from(notificationDigestItems)
      .where(and(eq(notificationDigestItems.userId, userId), lt(notificationDigestItems.created, boundary)))
      .orderBy(asc(notificationDigestItems.at), asc(notificationDigestItems.id))
      .for('update', { skipLocked: true });
    if (!items.length) continue;
    await tx.delete(notificationDigestItems).where(
      inArray(
        notificationDigestItems.id,
        items.map((i) => i.id),
      ),
    );
    const [person] = await tx
      .select({ email: users.email, displayName: users.displayName })
      .from(users)
      .where(eq(users.id, userId));
    if (!person) continue;
    const body = renderNotification(
      {
        greeting: `Hello ${person.displayName},`,
        paragraphs: [
          `Since your last digest ${items.length === 1 ? 'one thing happened' : `${items.length} things happened`} on the devices you manage:`,
          ...items.map((i) => `- ${i.line}`),
        ],
        action: { label: 'Open your devices', url: mailLink('/devices') },
        footer: 'You get one mail a day because you chose the daily digest in Settings > Notifications.',
      },
      { url: mailLink('/settings/notifications'), what: 'choose in Settings > Notifications' },
    );
    await enqueueMail(
      tx,
      {
        to: person.email,
        subject: `Daily digest: ${items.length} ${items.length === 1 ? 'event' : 'events'}`,
        ...body,
        kind: 'notify-digest',
      },
      now,
    );
    mailed++;
  }
  return mailed;
}
