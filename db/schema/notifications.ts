import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { users } from './users';

/**
 * Notifications by e-mail (lib/domain/notifications): what an owner must not miss, read from the
 * activity log by a worker. Kinds: jammed, batteryLow, bridgeOffline, doorOpenTooLong, keypadLockedOut.
 */

/** A person's settings: kinds turned off (all on by default) and the daily digest. */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** one mail a day with everything instead of one mail per event */
  digest: boolean('digest').notNull().default(false),
  offKinds: text('off_kinds').array().notNull().default([]),
  updated: timestamp('updated', { precision: 3, withTimezone: true }).notNull().defaultNow(),
});

/** A person's choice for one kind on one device; wins over the person's setting for the kind. */
export const notificationDevicePrefs = pgTable(
  'notification_device_prefs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId, t.kind] })],
);

/**
 * The worker's position in the activity log (one row, name 'activity'). A pass locks it, so
 * passes of several processes run one after another; `notification_done` keeps each entry once.
 */
export const notificationCursor = pgTable('notification_cursor', {
  name: text('name').primaryKey(),
  lastActivityId: bigint('last_activity_id', { mode: 'number' }).notNull().default(0),
});

/** Activity entries already handled (mailed, put in digests, or found to need nothing). */
export const notificationDone = pgTable('notification_done', {
  activityId: bigint('activity_id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
});

/** A bridge went offline: notified at `dueAt` (NOTIFY_BRIDGE_OFFLINE_MINUTES later) if still offline. */
export const notificationPending = pgTable(
  'notification_pending',
  {
    activityId: bigint('activity_id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    since: timestamp('since', { precision: 3, withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { precision: 3, withTimezone: true }).notNull(),
  },
  (t) => [index('notification_pending_due_idx').on(t.dueAt)],
);

/** Lines waiting for a person's daily digest. */
export const notificationDigestItems = pgTable(
  'notification_digest_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** the line in words, e.g. "Front door: jammed at 22:58 (Europe/Warsaw)" */
    line: text('line').notNull(),
    at: timestamp('at', { precision: 3, withTimezone: true }).notNull(),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull(),
  },
  (t) => [index('notification_digest_user_idx').on(t.userId, t.created)],
);

/** Unsubscribe links: the token exists only in the mail; this keeps its SHA-256. */
export const notificationUnsubscribe = pgTable(
  'notification_unsubscribe',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { precision: 3, withTimezone: true }),
  },
  (t) => [index('notification_unsubscribe_user_idx').on(t.userId)],
);
