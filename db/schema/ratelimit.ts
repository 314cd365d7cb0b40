import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counters, shared by every server process (a counter in memory would
 * let a guesser multiply their budget by the number of processes). One row per key: the key
 * names what is limited (e.g. `link-ip:<hash of the client address>`), `windowStart` the
 * current window, `count` the hits in it. Rows of past windows are swept now and then.
 * UNLOGGED (migration 0008, drizzle has no word for it): written on every API request, it writes
 * no WAL and a commit waits for no disk flush; a crash empties it, and budgets start afresh.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { precision: 3, withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
);
