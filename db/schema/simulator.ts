import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './devices';

/**
 * State of the device simulator (lib/devices/simulator). It lives in the database so every
 * server process sees the same simulated world; only the control plane (/api/sim) writes it.
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
 * The simulated external gate system. The service only reads it (gate sync, open);
 * impulse length and firmware are changed here, never through the service.
 */
export const simExternalGates = pgTable(
  'sim_external_gates',
  {
    externalId: text('external_id').primaryKey(),
    name: text('name').notNull(),
    type: text('type').notNull().default('gate'),
    impulseLength: integer('impulse_length').notNull().default(1000),
    firmware: text('firmware').notNull().default('1.0.0'),
    isConnected: boolean('is_connected').notNull().default(true),
    updated: timestamp('updated', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sim_gates_name_idx').on(t.name)],
);
