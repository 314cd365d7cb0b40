import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Mail outbox (lib/mail): a mail is written here in the same transaction as the change that
 * causes it, and a worker sends it (SMTP_URL) with retries; nothing is lost while the SMTP server
 * is down. Without SMTP_URL (the embedded demo) mails stay here and the demo's Mailbox page shows
 * them. Bodies hold single-use links, so they are kept encrypted (lib/crypto/secrets, bound to the
 * row's id) and cleared once the mail has been handed to the SMTP server.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    /** what the mail is about (verify, reset, device-invite, org-invite, notice ...) */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** { text, html } as JSON, encrypted; null once sent */
    bodyCiphertext: text('body_ciphertext'),
    /** pending -> sent | failed (gave up after the last retry) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { precision: 3, withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt), index('mail_outbox_created_idx').on(t.created)],
);

export const EMAIL_TOKEN_PURPOSES = ['verify', 'reset', 'device-invite', 'org-invite'] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/**
 * Single-use tokens sent by mail (lib/auth/email-tokens.ts). Only a SHA-256 of the token is kept;
 * `email` is the normalized address the mail went to; `ref` names what the token is for (a pending
 * access's id, an organization invitation's id ...); using it sets `usedAt` (once, atomically).
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').$type<EmailTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ref: text('ref'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    expiresAt: timestamp('expires_at', { precision: 3, withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { precision: 3, withTimezone: true }),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_uq').on(t.tokenHash),
    index('email_tokens_ref_idx').on(t.purpose, t.ref),
    index('email_tokens_email_idx').on(t.purpose, t.email),
    index('email_tokens_expires_idx').on(t.expiresAt),
  ],
);

export type EmailToken = typeof emailTokens.$inferSelect;
