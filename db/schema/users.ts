import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A person who can sign in. `id` is the principal id of the API; `numId` is the number the activity log shows. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    numId: serial('num_id').notNull(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** when the person proved they receive mail at `email` (null: signed up, not yet verified) */
    emailVerifiedAt: timestamp('email_verified_at', { precision: 3, withTimezone: true }),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`), uniqueIndex('users_num_id_uq').on(t.numId)],
);

/** Personal access keys: only a SHA-256 of the secret part is stored; `prefix` identifies the key in lists and lookups. */
export const personalAccessKeys = pgTable(
  'personal_access_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    validTo: timestamp('valid_to', { precision: 3, withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { precision: 3, withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { precision: 3, withTimezone: true }),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pak_prefix_uq').on(t.prefix), index('pak_user_idx').on(t.userId)],
);

/**
 * Phones that asked for device certificates (issue: certificates). The API names a phone by
 * `publicId` (a UUID, as Tedee types mobile ids); `id` is the number it had before, still accepted.
 */
export const mobiles = pgTable(
  'mobiles',
  {
    id: serial('id').primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    publicKey: text('public_key').notNull(),
    /** Tedee's OperatingSystem: 0 iOS, 1 Android, 3 other (the default: a phone registered without saying) */
    operatingSystem: integer('operating_system').notNull().default(3),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { precision: 3, withTimezone: true }),
  },
  (t) => [index('mobiles_user_idx').on(t.userId), uniqueIndex('mobiles_public_id_uq').on(t.publicId)],
);
