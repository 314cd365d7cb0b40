import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { devices } from './devices';

export const OperationType = { lock: 0, unlock: 1, pull: 2 } as const;

/**
 * Lock/unlock/pull commands. The outcome is planned when the command is accepted
 * (plannedResult, completeAt), so any process can settle it once completeAt has passed,
 * and a process that died never leaves an operation pending forever.
 */
export const deviceOperations = pgTable(
  'device_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: integer('device_id').notNull().references(() => devices.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    mode: integer('mode'),
    status: text('status').notNull().default('PENDING'),
    result: integer('result'),
    plannedResult: integer('planned_result').notNull().default(0),
    /** lock state before the command: restored when it times out */
    fromState: integer('from_state'),
    userId: uuid('user_id'),
    accessLinkId: uuid('access_link_id'),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    completeAt: timestamp('complete_at', { precision: 3, withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { precision: 3, withTimezone: true }),
  },
  (t) => [index('ops_device_idx').on(t.deviceId), index('ops_pending_idx').on(t.status, t.completeAt)],
);
