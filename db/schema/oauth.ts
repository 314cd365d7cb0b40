import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Third-party apps a developer registered (Settings > Developer, issue 32): OAuth clients of the
 * authorization server (lib/oauth). `clientId` is public; a confidential client's secret is shown
 * once and only its SHA-256 is kept (`secretHash`, null for a public client, which must use PKCE).
 * Removing an app (`deletedAt`) kills every grant and token of it at once.
 */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    redirectUris: text('redirect_uris').array().notNull(),
    secretHash: text('secret_hash'),
    /** a small PNG, JPEG or WebP the consent page shows, base64 (served from our own origin only) */
    logo: text('logo'),
    logoType: text('logo_type'),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { precision: 3, withTimezone: true }),
  },
  (t) => [uniqueIndex('oauth_clients_client_id_uq').on(t.clientId), index('oauth_clients_user_idx').on(t.userId)],
);

/**
 * What oidc-provider keeps (lib/oauth/adapter.ts): grants, authorization codes, access and refresh
 * tokens, interactions and its sessions, one row per model and id, shared by every server process.
 * `id` is SHA-256 of the provider's id, so no token, code or cookie value is stored in clear. The
 * columns beside `payload` are what is looked up by: the grant a token belongs to (revocation),
 * the person and the app (Connected apps, Disconnect).
 */
export const oauthStore = pgTable(
  'oauth_store',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    accountId: text('account_id'),
    clientId: text('client_id'),
    expiresAt: timestamp('expires_at', { precision: 3, withTimezone: true }),
    consumedAt: timestamp('consumed_at', { precision: 3, withTimezone: true }),
    /** grants: when a token of it was last used on the API (to the minute) */
    lastUsedAt: timestamp('last_used_at', { precision: 3, withTimezone: true }),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oauth_store_grant_idx').on(t.grantId).where(sql`${t.grantId} is not null`),
    index('oauth_store_uid_idx').on(t.uid).where(sql`${t.uid} is not null`),
    index('oauth_store_account_idx').on(t.accountId, t.clientId).where(sql`${t.accountId} is not null`),
    index('oauth_store_expires_idx').on(t.expiresAt),
  ],
);
