import { z } from 'zod';
import { int } from '../schema-parts';

/** Phones and device certificates as the API shows them (the OpenAPI document is made from these). */

/** A phone's id as Tedee types it (a UUID); the number it had before is still accepted in paths and queries. */
export const Mobile = z
  .object({
    id: z.string().describe('UUID'),
    userIdentity: z.string(),
    name: z.string(),
    operatingSystem: int(),
    publicKey: z
      .string()
      .describe(
        'base64: an ECDSA P-256 point (65 bytes, uncompressed, as Tedee documents) or an Ed25519 key (32 bytes)',
      ),
    created: z.string(),
  })
  .meta({ id: 'Mobile' });

/** Tedee's certificate for mobile (certificate, expirationDate, devicePublicKey, mobilePublicKey) and what it says in plain fields. */
export const DeviceCertificate = z.object({
  certificate: z.string().describe('base64 of the signed certificate: the plain fields below with their signature'),
  devicePublicKey: z
    .string()
    .nullable()
    .describe('the device’s ECDSA P-256 public key, base64 (65 bytes, uncompressed); null if its adapter cannot tell'),
  certificateId: int(),
  deviceId: int(),
  mobileId: z.string().describe('UUID'),
  userId: int(),
  accessLevel: int(),
  mobilePublicKey: z.string(),
  issuedAt: z.string(),
  expirationDate: z.string(),
  timeZone: z.string(),
  weekDays: int().nullable(),
  dayStartTime: z.string().nullable(),
  dayEndTime: z.string().nullable(),
  remoteAccessDisabled: z.boolean(),
  signature: z.string(),
});

export const RevokedCertificates = z.object({
  deviceId: int(),
  version: int(),
  lastUpdated: int(),
  revokedCertificates: z.array(
    z.object({ certificateId: int(), expirationDate: z.string().describe('UTC with microseconds and Z') }),
  ),
  signature: z.string(),
});
