import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { sites } from './sites';
import { users } from './users';

/** Device types (decisions.md): kept with the other device codes, re-exported for the schema's users. */
export { DeviceType } from '../../lib/shared/devices/codes';

export interface SoftwareVersion {
  softwareType: number;
  version: string;
  updateAvailable: boolean;
}

/**
 * Numbers every version of a device row: a row gets the next one when inserted and again on each
 * update (the trigger devices_version, db/migrations/0030_devices_version.sql). A sequence is not
 * rolled back with a transaction, so a number is never seen twice, even for a change undone.
 */
export const devicesVersionSeq = pgSequence('devices_version_seq');

/**
 * Every device type in one table: common fields plus nullable type-specific ones.
 * One table keeps list and detail reads to a single indexed query.
 */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    type: integer('type').notNull(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** the site (building) of the organization the device belongs to; null: none yet (issue 35) */
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    serialNumber: text('serial_number').notNull(),
    name: text('name').notNull(),
    userIdentity: text('user_identity').notNull().default(''),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    revision: integer('revision').notNull().default(1),
    deviceRevision: integer('device_revision').notNull().default(1),
    targetDeviceRevision: integer('target_device_revision').notNull().default(1),
    timeZone: text('time_zone').notNull().default('UTC'),
    softwareVersions: jsonb('software_versions').$type<SoftwareVersion[]>().notNull().default([]),
    /** lock -> its bridge; door sensor -> its lock */
    connectedToId: integer('connected_to_id'),
    beaconMajor: integer('beacon_major'),
    beaconMinor: integer('beacon_minor'),
    /**
     * bridges and gates: network connectivity. Locks: their own link to their bridge as it last
     * reported it (false: lost), shown connected only while their bridge is too.
     */
    isConnected: boolean('is_connected'),
    lastSeen: timestamp('last_seen', { precision: 3, withTimezone: true }),
    // lock state (null columns for devices without such state)
    state: integer('state'),
    doorState: integer('door_state'),
    isCharging: boolean('is_charging'),
    batteryLevel: integer('battery_level'),
    batteryLevelModifiedTime: timestamp('battery_level_modified_time', { precision: 3, withTimezone: true }),
    stateChangeResult: integer('state_change_result'),
    lastStateChangedDate: timestamp('last_state_changed_date', { precision: 3, withTimezone: true }),
    /**
     * lock deviceSettings as the service wants them (revision `targetDeviceRevision`); the lock has
     * confirmed them up to `deviceRevision`
     */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    // bridge
    wasConfigured: boolean('was_configured'),
    isUpdating: boolean('is_updating'),
    // gate
    externalId: text('external_id'),
    externalName: text('external_name'),
    externalType: text('external_type'),
    impulseLength: integer('impulse_length'),
    icon: integer('icon'),
    location: jsonb('location').$type<{ latitude: number; longitude: number } | null>(),
    isPresentInExternal: boolean('is_present_in_external'),
    /** whose account in the external gate system the gate came from (a user id): their full sync refreshes it */
    externalAccount: text('external_account'),
    // versions of lists the device keeps
    pinListVersion: integer('pin_list_version').notNull().default(1),
    certListVersion: integer('cert_list_version').notNull().default(1),
    certListUpdated: timestamp('cert_list_updated', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    /** a lock's own id on its bridge (the Bridge API's deviceId); null for other devices */
    remoteId: integer('remote_id'),
    /**
     * this row's version (devicesVersionSeq): a new one on every change of the row, whoever makes
     * it. What a server keeps of a device's answer is good while the version is the same
     * (lib/domain/devices/kept.ts).
     */
    version: bigint('version', { mode: 'number' }).notNull().default(sql`nextval('devices_version_seq')`),
  },
  (t) => [
    index('devices_org_idx').on(t.organizationId),
    index('devices_site_idx').on(t.siteId),
    index('devices_connected_to_idx').on(t.connectedToId),
    index('devices_external_idx').on(t.externalId),
  ],
);

/** Per-user settings of a device (lock auto-unlock, gate/door sensor favorites, ...). */
export const deviceUserSettings = pgTable(
  'device_user_settings',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.userId] }), index('dus_user_idx').on(t.userId)],
);

export type Device = typeof devices.$inferSelect;
export type NewDevice = typeof devices.$inferInsert;
