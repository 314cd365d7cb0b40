import { index, timestamp, uuid, pgTable } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Full gate synchronizations per user (api: POST /my/gate/sync). The next automatic one is due
 * 24 h after `lastFullSync`; a worker claims due rows (`claimedUntil`) in the database, so among
 * several server processes only one synchronizes a user, and a claim left by a process that died
 * expires by itself.
 */
export const gateSyncRuns = pgTable(
  'gate_sync_runs',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastFullSync: timestamp('last_full_sync', { precision: 3, withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { precision: 3, withTimezone: true }),
  },
  (t) => [index('gate_sync_due_idx').on(t.lastFullSync)],
);
