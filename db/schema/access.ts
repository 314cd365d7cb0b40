import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { userGroups } from './organizations';
import { users } from './users';

export const AccessLevel = { guest: 0, administrator: 1, owner: 2, none: 3 } as const;
export const PrincipalType = { user: 0, group: 1 } as const;

/**
 * Who may use a device. The owner is an access with level 2. A user principal is either a
 * user (userId) or, while pending, an e-mail without an account (pendingEmail).
 * One access per principal per device, enforced by the partial unique indexes below.
 */
export const deviceAccess = pgTable(
  'device_access',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    principalType: integer('principal_type').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => userGroups.id, { onDelete: 'cascade' }),
    pendingEmail: text('pending_email'),
    /** a pending access (invitation) gives nothing after this (INVITATION_TTL_DAYS after the last invitation mail) */
    pendingExpiresAt: timestamp('pending_expires_at', { precision: 3, withTimezone: true }),
    accessLevel: integer('access_level').notNull(),
    remoteAccessDisabled: boolean('remote_access_disabled').notNull().default(false),
    startDate: timestamp('start_date', { precision: 3, withTimezone: true }),
    endDate: timestamp('end_date', { precision: 3, withTimezone: true }),
    dayStartTime: timestamp('day_start_time', { precision: 3, withTimezone: true }),
    dayEndTime: timestamp('day_end_time', { precision: 3, withTimezone: true }),
    weekDays: integer('week_days'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('access_device_user_uq').on(t.deviceId, t.userId).where(sql`${t.userId} is not null`),
    uniqueIndex('access_device_group_uq').on(t.deviceId, t.groupId).where(sql`${t.groupId} is not null`),
    uniqueIndex('access_device_pending_uq')
      .on(t.deviceId, sql`lower(${t.pendingEmail})`)
      .where(sql`${t.pendingEmail} is not null`),
    // a device's accesses in the list's order (the partial unique indexes above cannot serve
    // `device_id = ?` alone: without this, every access list scanned the whole table)
    index('access_device_list_idx').on(t.deviceId, t.accessLevel.desc().nullsFirst(), t.created, t.id),
    index('access_user_idx').on(t.userId),
    index('access_group_idx').on(t.groupId),
    index('access_pending_email_idx').on(sql`lower(${t.pendingEmail})`),
  ],
);

export type DeviceAccess = typeof deviceAccess.$inferSelect;

/**
 * A device's whole access list as the API answers it (json text), kept between reads. Triggers
 * (migration 0003) raise `version` in the same transaction as anything the records show changes:
 * the device's accesses, a principal's name or e-mail, a group's name, organization membership,
 * the device's organization. `records` is current only while `builtVersion = version`; a reader
 * that finds it stale builds the list and stores it for the version it read (lib/domain/access/list.ts).
 */
export const deviceAccessLists = pgTable('device_access_lists', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  builtVersion: bigint('built_version', { mode: 'number' }),
  records: text('records'),
});
