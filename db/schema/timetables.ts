import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TimetableRule } from '../../lib/shared/timetable';
import { devices } from './devices';
import { users } from './users';

/**
 * A lock's weekly timetable (issue 35): rules ("unlock Mon-Fri 08:00", "lock every day 18:00") read
 * in the zone of the lock's site (its own zone when it has no site), and dates on which it rests
 * (holidays, as local YYYY-MM-DD). One per lock; the timetable worker sends its commands.
 */
export const doorTimetables = pgTable('door_timetables', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  rules: jsonb('rules').$type<TimetableRule[]>().notNull(),
  exceptions: text('exceptions').array().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updated: timestamp('updated', { precision: 3, withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each scheduled change of a timetable that came due, once: the worker of any process claims a
 * slot by inserting its row (the primary key: the lock, the local date, the time and the action),
 * so with several processes, and across the repeated wall-clock hour of a change back from summer
 * time, it is sent exactly once. `outcome`: 'sent' (the operation carries the result), 'lockdown'
 * (an unlock a lockdown held back), 'noLongerAllowed' (an unlock its setter could not make now),
 * 'failed' (the lock could not be told; `error` says why).
 */
export const timetableRuns = pgTable(
  'timetable_runs',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    slot: text('slot').notNull(),
    action: text('action').notNull(),
    due: timestamp('due', { precision: 3, withTimezone: true }).notNull(),
    outcome: text('outcome'),
    operationId: uuid('operation_id'),
    error: text('error'),
    ranAt: timestamp('ran_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.slot] })],
);

export type DoorTimetable = typeof doorTimetables.$inferSelect;
