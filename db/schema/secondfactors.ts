import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Second factors (docs/security.md, "Second factors"). A user with a confirmed TOTP secret or at
 * least one passkey must prove it at every sign-in (lib/auth/second-factor.ts).
 */

/**
 * The user's TOTP secret (RFC 6238, otplib), encrypted with encryptSecret bound to this table and
 * the user's id. `confirmedAt` null: enrolment started, not yet proven with a code (it counts for
 * nothing). `lastTimeStep`: the last accepted code's time step; a code of that step or earlier is
 * refused (no replay of a code seen over someone's shoulder).
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  confirmedAt: timestamp('confirmed_at', { precision: 3, withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
});

/** Recovery codes: shown once at TOTP confirmation; only a SHA-256 of each (100 random bits) is kept; single use. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { precision: 3, withTimezone: true }),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_hash_uq').on(t.codeHash), index('recovery_codes_user_idx').on(t.userId)],
);

/** WebAuthn credentials (passkeys, @simplewebauthn/server): the public key, never a secret. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the credential id (base64url), as the authenticator names it */
    credentialId: text('credential_id').notNull(),
    /** the COSE public key, base64url */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { precision: 3, withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_uq').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges, one row per ceremony, shared by every server process: taken (deleted) by
 * the one answer that uses it, refused after `expiresAt` (5 minutes). `userId`: whose registration,
 * or whose pending sign-in restricts the credentials allowed; null for a usernameless sign-in.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { precision: 3, withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * A sign-in whose password was right, waiting for its second factor: the token (SHA-256 only) is
 * given to the browser instead of a session; it expires after 5 minutes, counts wrong codes (5
 * void it) and is taken by the one step that completes the sign-in.
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the e-mail as typed and the client address: the code step is throttled under the same keys */
    email: text('email').notNull(),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { precision: 3, withTimezone: true }).notNull(),
  },
  (t) => [index('pending_sign_ins_expires_idx').on(t.expiresAt)],
);
