import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Portal sessions, one row per sign-in (docs/security.md, "Sessions and sign-in"). The session
 * cookie carries only the row's id (inside next-auth's encrypted token); every request reads the
 * row by that id, so ending a session here ends it at once in every server process.
 * `authAt` is when the password was last proven in this session (sign-in or re-entry): creating
 * an access key needs it recent. A session ends at `expiresAt` (SESSION_MAX_AGE after sign-in),
 * or when signed out, or with every other session of the user (password change, "sign out
 * everywhere"): `endedAt`. Ended and expired rows are swept after a day.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    authAt: timestamp('auth_at', { precision: 3, withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { precision: 3, withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { precision: 3, withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);
