import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed sign-ins, counted per key across every server process (lib/auth/throttle.ts): per
 * account (`account:<hash of the e-mail>`), per client address (`address:<hash>`), per account and
 * address together (`pair:<hash>`), and in total per minute (`total:<minute>`). `failures` counts
 * until `resetAt` (the key's window after its latest failure, `lastAt`), from which a delay runs.
 * Only keyed hashes of e-mails and addresses are stored. Rows past `resetAt` are swept now and then.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    lastAt: timestamp('last_at', { precision: 3, withTimezone: true }).notNull(),
    resetAt: timestamp('reset_at', { precision: 3, withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_failures_reset_idx').on(t.resetAt)],
);
