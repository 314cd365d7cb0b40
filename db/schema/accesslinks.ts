import {
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { organizations } from './organizations';
import { users } from './users';

/**
 * Organization access links. The token is stored as a SHA-256 hash for lookup and encrypted
 * (AES-256-GCM) so administrators can see the URL again; never in clear.
 */
export const accessLinks = pgTable(
  'access_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    startDate: timestamp('start_date', { precision: 3, withTimezone: true }),
    endDate: timestamp('end_date', { precision: 3, withTimezone: true }),
    /** the weekly part of Tedee's RepeatEvent, judged like an access's in each device's own zone */
    dayStartTime: timestamp('day_start_time', { precision: 3, withTimezone: true }),
    dayEndTime: timestamp('day_end_time', { precision: 3, withTimezone: true }),
    weekDays: integer('week_days'),
    tokenHash: text('token_hash').notNull(),
    tokenCiphertext: text('token_ciphertext').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('access_links_token_uq').on(t.tokenHash), index('access_links_org_idx').on(t.organizationId)],
);

export const accessLinkDevices = pgTable(
  'access_link_devices',
  {
    accessLinkId: uuid('access_link_id')
      .notNull()
      .references(() => accessLinks.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    order: integer('order').notNull(),
    /** who put the device on the link: the link opens it only while this person may (lib/domain/policy) */
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.accessLinkId, t.deviceId] }), index('ald_device_idx').on(t.deviceId)],
);

/** What a link use came to: an open the device accepted (its result is the operation's), or a refusal. */
export const LINK_USE_OUTCOMES = [
  'opened',
  'expired',
  'notYetValid',
  'outsideSchedule',
  'noLongerAllowed',
  'unreachable',
  'busy',
  'timedOut',
  'rateLimited',
  'lockdown',
] as const;
export type LinkUseOutcome = (typeof LINK_USE_OUTCOMES)[number];

/**
 * A link's history (lib/domain/accesslinks/history.ts): every open through the guest page and
 * every refusal of a guest who held the link's token, newest first per link. No token, no client
 * address: only which link, which door (kept by name too, should the door go), when and what came
 * of it. An open's result is its operation's (device_operations), read when the history is.
 */
export const accessLinkUses = pgTable(
  'access_link_uses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accessLinkId: uuid('access_link_id')
      .notNull()
      .references(() => accessLinks.id, { onDelete: 'cascade' }),
    /** null: the door was removed since, or the refusal concerned the link as a whole */
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    deviceName: text('device_name'),
    at: timestamp('at', { precision: 3, withTimezone: true }).notNull(),
    outcome: text('outcome').$type<LinkUseOutcome>().notNull(),
    operationId: uuid('operation_id'),
  },
  (t) => [index('access_link_uses_link_at_idx').on(t.accessLinkId, t.at, t.id)],
);
