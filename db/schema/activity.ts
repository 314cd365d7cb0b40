import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Activity source (decisions.md). */
export { ActivitySource } from '../../lib/shared/devices/codes';

/**
 * The activity log. `date` is UTC without zone, millisecond precision, and unique per device
 * (writers bump it by 1 ms on collision), so the API's date cursor pages exactly.
 * The unique index (device_id, date) also serves the newest-first keyset scan.
 *
 * Partitioned by month of `date` (migration 0022; drizzle does not declare partitions): a
 * partition per month, `device_activity_pYYYYMM`, contiguous, with `device_activity_before` and
 * `device_activity_after` around them for dates outside. lib/domain/activity/partitions.ts makes
 * the months ahead, moves the rows of before/after into months of their own and drops the months
 * older than the retention (ACTIVITY_KEEP_MONTHS). The primary key therefore holds the date too;
 * `id` alone is still unique (one sequence).
 */
export const deviceActivity = pgTable(
  'device_activity',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    /**
     * the device; not a foreign key (migration 0031): triggers keep it one. A key from a
     * partitioned table gives every partition's detach and attach triggers on `devices`, so the
     * partitions' pass would take `devices` while holding the log, and a request that reads a
     * device and then its log deadlocked with it.
     */
    deviceId: integer('device_id').notNull(),
    /** author; null for entries without an author (manual operations at the door) */
    userId: uuid('user_id'),
    userNumId: integer('user_num_id').notNull().default(0),
    username: text('username').notNull().default(''),
    event: integer('event').notNull(),
    source: integer('source').notNull(),
    date: timestamp('date', { precision: 3, mode: 'date' }).notNull(),
    accessLinkId: uuid('access_link_id'),
    operationId: uuid('operation_id'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.date] }),
    uniqueIndex('activity_device_date_uq').on(t.deviceId, t.date),
    index('activity_device_user_date_idx').on(t.deviceId, t.userId, t.date),
    // a guest's view reads entries without an author newest first: keyset without filtering others
    index('activity_device_authorless_date_idx').on(t.deviceId, t.date).where(sql`${t.userId} is null`),
    // every device of a big owner's log newest first, in one scan by date (lib/domain/activity/list.ts, DATE_SCAN_FROM)
    index('activity_date_idx').on(t.date),
    // one person's entries newest first (their page in the organization: lib/domain/people/facts.ts),
    // whether they have three million of them or three
    index('activity_user_date_idx').on(t.userId, t.date),
  ],
);

export type DeviceActivity = typeof deviceActivity.$inferSelect;
