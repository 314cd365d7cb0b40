import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './devices';

/**
 * How the service reaches a bridge (docs/devices.md, "The bridge protocol"): its address and API
 * token (from the Tedee app: Bridge settings > Local API), and the callback the service registered
 * there with its per-bridge secret. The token and the secret are stored encrypted (lib/crypto,
 * bound to this table and the bridge's id). No hardware state: what the bridge's locks are doing is
 * the bridge's answer, and their last reported state is the service's copy in `devices`.
 */
export const bridgeLinks = pgTable(
  'bridge_links',
  {
    bridgeId: integer('bridge_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** e.g. http://192.168.1.25 (the API is at <baseUrl>/v1.0) */
    baseUrl: text('base_url').notNull(),
    tokenCiphertext: text('token_ciphertext').notNull(),
    /** 'encrypted' (SHA-256 of token + timestamp, the default) or 'plain' */
    tokenMode: text('token_mode').notNull().default('encrypted'),
    callbackSecretCiphertext: text('callback_secret_ciphertext').notNull(),
    /** the bridge's id of our callback, once registered */
    callbackId: integer('callback_id'),
    /** what the bridge can do beyond the published protocol (our extension); [] for a Tedee bridge */
    capabilities: jsonb('capabilities').$type<string[]>().notNull().default([]),
    /** when an event of this bridge last reached any process */
    lastEventAt: timestamp('last_event_at', { precision: 3, withTimezone: true }),
    /** when the reconciler last re-read the bridge (GET /bridge, /callback, /lock) */
    reconciledAt: timestamp('reconciled_at', { precision: 3, withTimezone: true }),
    /** a process re-reading the bridge holds it until then (another one takes over if it died) */
    claimedUntil: timestamp('claimed_until', { precision: 3, withTimezone: true }),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bridge_links_reconciled_idx').on(t.reconciledAt)],
);

/**
 * The newest event time seen per bridge, device (0: the bridge itself) and kind of news: an event
 * no newer than that (a duplicate, a replay, an older one arriving late) changes nothing. Shared by
 * every server process, since a callback may reach any of them.
 */
export const bridgeEventMarks = pgTable(
  'bridge_event_marks',
  {
    bridgeId: integer('bridge_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    subject: integer('subject').notNull(),
    kind: text('kind').notNull(),
    lastAt: timestamp('last_at', { precision: 3, withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bridgeId, t.subject, t.kind] })],
);

export type BridgeLink = typeof bridgeLinks.$inferSelect;
