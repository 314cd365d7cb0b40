import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Writes sent with an `Idempotency-Key` header (lib/http/idempotency.ts), per account, for 24 h:
 * a repeat of the same request (method, path, body) gets the first answer instead of running
 * again, in whichever server process it lands. `running` while the first attempt is under way
 * (a repeat then gets 409), `done` with its answer. The answer is encrypted at rest (it may hold a
 * secret shown once: a new personal access key, a link's URL), bound to the row's id.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** whose key: `user:<id>` for a signed-in caller or key holder, `path:<hash>` for a public endpoint */
    account: text('account').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused (422) */
    fingerprint: text('fingerprint').notNull(),
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    /** a `running` row whose process died is taken over by a repeat after this */
    leaseUntil: timestamp('lease_until', { precision: 3, withTimezone: true }).notNull(),
    status: integer('status'),
    /** the answer's body and headers (JSON), encrypted (lib/crypto/secrets.ts) */
    responseCiphertext: text('response_ciphertext'),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { precision: 3, withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_account_key_idx').on(t.account, t.key),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);
