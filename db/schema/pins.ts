import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { devices } from './devices';

/**
 * PIN codes kept on a lock. The value is stored encrypted (AES-256-GCM, so owners can read it
 * back) and as a keyed HMAC (so "same PIN on this lock" is a unique index, not a decrypt loop).
 * The list version lives on devices.pin_list_version.
 */
export const lockPins = pgTable(
  'lock_pins',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id').notNull().references(() => devices.id, { onDelete: 'cascade' }),
    alias: text('alias').notNull(),
    valueCiphertext: text('value_ciphertext').notNull(),
    valueHmac: text('value_hmac').notNull(),
    startDate: timestamp('start_date', { precision: 3, withTimezone: true }),
    endDate: timestamp('end_date', { precision: 3, withTimezone: true }),
    dayStartTime: timestamp('day_start_time', { precision: 3, withTimezone: true }),
    dayEndTime: timestamp('day_end_time', { precision: 3, withTimezone: true }),
    weekDays: integer('week_days'),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    /** when the PIN last opened the lock, as the lock reported it (keypadUsed); null: never */
    lastUsedAt: timestamp('last_used_at', { precision: 3, withTimezone: true }),
  },
  (t) => [
    index('lock_pins_device_idx').on(t.deviceId),
    uniqueIndex('lock_pins_device_value_uq').on(t.deviceId, t.valueHmac),
    index('lock_pins_end_idx').on(t.endDate),
  ],
);

/**
 * The keypad of a lock after wrong PINs (the device's own rule, lib/domain/policy: five wrong in a
 * row lock it out for 60 s, doubling per run). In the database so that every server process
 * sees the same keypad.
 */
export const keypadStates = pgTable('keypad_states', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull().default(0),
  runs: integer('runs').notNull().default(0),
  lockedUntil: timestamp('locked_until', { precision: 3, withTimezone: true }),
});
