import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { mobiles, personalAccessKeys, users } from './users';

/** Certificates the service signed for a user's mobile on a device; revoked ones form the device's list. */
export const deviceCertificates = pgTable(
  'device_certificates',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mobileId: integer('mobile_id')
      .notNull()
      .references(() => mobiles.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    expirationDate: timestamp('expiration_date', { precision: 3, withTimezone: true }).notNull(),
    /** the access level the certificate asserts; one issued before levels were kept counts as the owner's (revoked first) */
    accessLevel: integer('access_level').notNull().default(2),
    /** the personal access key it was obtained with (revoked with the key); null from a portal session */
    keyId: uuid('key_id').references(() => personalAccessKeys.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { precision: 3, withTimezone: true }),
  },
  (t) => [
    index('certs_device_revoked_idx').on(t.deviceId, t.revokedAt),
    index('certs_user_device_idx').on(t.userId, t.deviceId),
    index('certs_mobile_idx').on(t.mobileId),
    index('certs_key_idx').on(t.keyId),
  ],
);

/**
 * The service's signing keys (Ed25519 for revoked-certificate lists). Generated once and stored
 * here (private key encrypted) so every server process signs with the same key.
 */
export const serviceKeys = pgTable('service_keys', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKeyCiphertext: text('private_key_ciphertext').notNull(),
  created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
});
