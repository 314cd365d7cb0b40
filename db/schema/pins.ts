import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { users } from './users';

/**
 * PIN codes kept on a lock. The value is stored encrypted (AES-256-GCM, so owners can read it
 * back) and as a keyed HMAC (so "same PIN on this lock" is a unique index, not a decrypt loop).
 * The list version lives on devices.pin_list_version.
 */
export const lockPins = pgTable(
  'lock_pins',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
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
    /** its grantor: who made it, or last widened it (lib/domain/policy decideGrantChange); null: unknown or gone */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('lock_pins_device_idx').on(t.deviceId),
    uniqueIndex('lock_pins_device_value_uq').on(t.deviceId, t.valueHmac),
    index('lock_pins_end_idx').on(t.endDate),
    index('lock_pins_created_by_idx').on(t.createdBy),
  ],
);

/**
 * PINs ended before their own end date (their grantor lost power) that the lock still keeps: the
 * lock judges entries against its own copy, so such a PIN opens the door until the lock is told.
 * One row per PIN still to take off its lock; lib/domain/pins/removals.ts sends each removal after
 * the ending commits and the PIN worker retries while the lock is unreachable. Rows are claimed
 * with SKIP LOCKED, so several processes never send one removal twice at once.
 */
export const pinRemovals = pgTable(
  'pin_removals',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    pinId: integer('pin_id').notNull(),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.pinId] })],
);
