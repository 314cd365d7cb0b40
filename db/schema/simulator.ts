import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { devices } from './devices';

/**
 * State of the device simulator (lib/devices/simulator): what the simulated hardware holds that the
 * service's copy of its devices does not. It lives in the database so every server process sees
 * the same simulated world; only the simulator writes it (the service never reads it).
 */

/** One-shot fault for the next command on a device: 'timeout' | 'slow' | 'jam'. */
export const simDeviceFaults = pgTable('sim_device_faults', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  fault: text('fault').notNull(),
  created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a simulated lock remembers itself: the settings it applied (null: still those it was added
 * with, as the service recorded them) and their revision, and since when its door has been open
 * (for the open-door alert, raised once per opening).
 */
export const simLocks = pgTable('sim_locks', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>(),
  settingsRevision: integer('settings_revision'),
  doorOpenedAt: timestamp('door_opened_at', { precision: 3, withTimezone: true }),
  doorAlerted: boolean('door_alerted').notNull().default(false),
});

/**
 * A command a simulated lock is working on, with the outcome the control plane's faults decided
 * when it was accepted; whichever process gets to it first once `completeAt` has passed reports
 * the outcome (the row is the claim).
 */
export const simCommands = pgTable(
  'sim_commands',
  {
    operationId: uuid('operation_id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    plannedResult: integer('planned_result').notNull(),
    completeAt: timestamp('complete_at', { precision: 3, withTimezone: true }).notNull(),
  },
  (t) => [index('sim_commands_device_idx').on(t.deviceId), index('sim_commands_due_idx').on(t.completeAt)],
);

/**
 * The simulated external gate system: one account per service user (`account`, the user's id)
 * holding that user's gates. The service only reads it (gate sync, open); names, impulse length
 * and firmware are changed here, never through the service.
 */
export const simExternalGates = pgTable(
  'sim_external_gates',
  {
    externalId: text('external_id').primaryKey(),
    /** whose account in the external system holds the gate (a service user id); null: nobody's */
    account: text('account'),
    name: text('name').notNull(),
    type: text('type').notNull().default('gate'),
    impulseLength: integer('impulse_length').notNull().default(1000),
    firmware: text('firmware').notNull().default('1.0.0'),
    isConnected: boolean('is_connected').notNull().default(true),
    updated: timestamp('updated', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sim_gates_name_idx').on(t.name), index('sim_gates_account_idx').on(t.account)],
);
