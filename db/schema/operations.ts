import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { devices } from './devices';

export { OperationType } from '../../lib/shared/devices/codes';

/**
 * Lock/unlock/pull commands and gate openings, as the service records them: written only by the
 * device report handler (lib/domain/devices/reports) when a device accepts and finishes one.
 * `completeAt` is when the device said it would be done: an operation still pending well after it
 * completes as timed out, so a process that died never leaves one pending forever.
 */
export const deviceOperations = pgTable(
  'device_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    mode: integer('mode'),
    status: text('status').notNull().default('PENDING'),
    result: integer('result'),
    /** lock state before the command: restored when it times out */
    fromState: integer('from_state'),
    userId: uuid('user_id'),
    accessLinkId: uuid('access_link_id'),
    /** sent by the door's timetable (issue 35): its activity entry names the timetable, not a person */
    byTimetable: boolean('by_timetable').notNull().default(false),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    completeAt: timestamp('complete_at', { precision: 3, withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { precision: 3, withTimezone: true }),
  },
  (t) => [index('ops_device_idx').on(t.deviceId), index('ops_pending_idx').on(t.status, t.completeAt)],
);
