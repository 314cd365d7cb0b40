import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/** A webhook endpoint owned by a user or by an organization (exactly one of the two). */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** signing secret, encrypted at rest (it must be read back to sign) */
    secretCiphertext: text('secret_ciphertext').notNull(),
    failing: boolean('failing').notNull().default(false),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** why the service disabled it (e.g. the endpoint answered 410 Gone); null when a person did */
    disabledReason: text('disabled_reason'),
    lastFailureAt: timestamp('last_failure_at', { precision: 3, withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { precision: 3, withTimezone: true }),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wh_subs_user_idx').on(t.userId), index('wh_subs_org_idx').on(t.organizationId)],
);

/** Transactional outbox: written in the same transaction as the state change that caused it. */
export const webhookOutbox = pgTable(
  'webhook_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    event: text('event').notNull(),
    deviceId: integer('device_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    /** set once the event has been fanned out into deliveries */
    dispatchedAt: timestamp('dispatched_at', { precision: 3, withTimezone: true }),
  },
  (t) => [index('wh_outbox_pending_idx').on(t.dispatchedAt, t.id)],
);

/** One event to one subscription; `messageId` is the webhook-id header, the same on every retry. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: text('message_id').notNull(),
    outboxId: bigint('outbox_id', { mode: 'number' }).notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { precision: 3, withTimezone: true }),
  },
  (t) => [
    index('wh_deliv_due_idx').on(t.status, t.nextAttemptAt),
    index('wh_deliv_sub_idx').on(t.subscriptionId, t.created),
    // fan-out is idempotent: one delivery per event per subscription
    uniqueIndex('wh_deliv_outbox_sub_uq').on(t.outboxId, t.subscriptionId),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' }).notNull(),
    at: timestamp('at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
  },
  (t) => [index('wh_attempts_delivery_idx').on(t.deliveryId)],
);
