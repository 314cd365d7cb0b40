import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The simulated external gate system's own tables (docs/devices.md, "Gates"): gates are opened
 * through a system of their own, not a Tedee bridge, and no published protocol of it exists here,
 * so it is still simulated in the database. Only this folder writes them; db/schema re-exports
 * them for the migrations. No foreign key into the service's tables: the simulated system knows
 * the service's gates only by the external id the service stores.
 */

/** One-shot fault for the next opening of a gate (by the service's gate id): 'timeout' | 'slow'. */
export const simDeviceFaults = pgTable('sim_device_faults', {
  deviceId: integer('device_id').primaryKey(),
  fault: text('fault').notNull(),
  created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
});

/**
 * The gates of the external system: one account per service user (`account`, the user's id)
 * holding that user's gates. The service only reads it (gate sync, open); names, impulse length
 * and firmware are changed here, never through the service. An opening holds the gate
 * (`busyUntil`: the system's own answer "busy" to a second one).
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
    busyUntil: timestamp('busy_until', { precision: 3, withTimezone: true }),
    busyOperationId: uuid('busy_operation_id'),
  },
  (t) => [index('sim_gates_name_idx').on(t.name), index('sim_gates_account_idx').on(t.account)],
);
