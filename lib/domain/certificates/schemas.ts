import { z } from 'zod';

/** Phones and device certificates as the API shows them (the OpenAPI document is made from these). */
const int = () => z.number().int();

export const Mobile = z
  .object({ id: int(), userIdentity: z.string(), name: z.string(), operatingSystem: int(), publicKey: z.string().describe('Ed25519, base64'), created: z.string() })
  .meta({ id: 'Mobile' });

export const DeviceCertificate = z.object({
  certificateId: int(),
  deviceId: int(),
  mobileId: int(),
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
  revokedCertificates: z.array(z.object({ certificateId: int(), expirationDate: z.string().describe('UTC with microseconds and Z') })),
  signature: z.string(),
});
