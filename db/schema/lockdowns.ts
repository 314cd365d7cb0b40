import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { organizations } from './organizations';
import { sites } from './sites';
import { users } from './users';

/**
 * A lockdown of a site, or of a whole organization (`site_id` null), issue 35: from `started_at`
 * until `lifted_at` every opening path of its doors refuses (lib/shared/policy: decideLockdown),
 * except for the organization's owner and the administrators it names (`exempt_user_ids`). At most
 * one is active per site and one per organization (the partial unique index): a repeated start
 * finds the active one instead of making a second. Rows stay after lifting, as the record.
 */
export const lockdowns = pgTable(
  'lockdowns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    exemptUserIds: uuid('exempt_user_ids').array().notNull().default(sql`'{}'::uuid[]`),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    liftedBy: uuid('lifted_by').references(() => users.id, { onDelete: 'set null' }),
    liftedAt: timestamp('lifted_at', { precision: 3, withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lockdowns_active_uq')
      .on(t.organizationId, sql`coalesce(${t.siteId}, 0)`)
      .where(sql`${t.liftedAt} is null`),
    index('lockdowns_org_idx').on(t.organizationId, t.startedAt),
  ],
);

/**
 * Each lock of a lockdown and whether it confirmed the lock command (`locked_at`). The lockdown
 * worker sends the command to those that did not, again while they fail (offline, busy), one
 * process at a time per row (`claimed_until`, a lease), and the lockdown lists them until they do.
 */
export const lockdownLocks = pgTable(
  'lockdown_locks',
  {
    lockdownId: uuid('lockdown_id')
      .notNull()
      .references(() => lockdowns.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    operationId: uuid('operation_id'),
    lockedAt: timestamp('locked_at', { precision: 3, withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    claimedUntil: timestamp('claimed_until', { precision: 3, withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.lockdownId, t.deviceId] }), index('lockdown_locks_device_idx').on(t.deviceId)],
);

/**
 * What a lockdown suspended, to restore exactly that when it is lifted: the PINs taken off their
 * locks' keypads (`kind` 'pin', `ref` the PIN's id; `on_lock` whether the lock still keeps it,
 * moved by the worker, which takes PINs off while the lockdown holds and puts them back after) and
 * the phones' offline certificates revoked (`kind` 'certificate', `ref` the certificate's id).
 */
export const lockdownSuspensions = pgTable(
  'lockdown_suspensions',
  {
    lockdownId: uuid('lockdown_id')
      .notNull()
      .references(() => lockdowns.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    ref: integer('ref').notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    onLock: integer('on_lock').notNull().default(1),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { precision: 3, withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.lockdownId, t.kind, t.ref] }),
    index('lockdown_suspensions_device_idx').on(t.deviceId),
  ],
);

export type Lockdown = typeof lockdowns.$inferSelect;
