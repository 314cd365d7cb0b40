import { z } from 'zod';

/** A lockdown as the API shows it (issue 35, docs/lockdown.md). */
export const LockdownSchema = z
  .object({
    id: z.string(),
    organizationId: z.number().int(),
    siteId: z.number().int().nullable().describe('the site locked down; null: the whole organization'),
    siteName: z.string().nullable(),
    timeZone: z.string().describe("the zone its times are told in: its site's, else its organization's"),
    reason: z.string().describe('why, as everyone refused reads it'),
    exemptUserIds: z.array(z.string()).describe('administrators who may still open (the owner always may)'),
    startedBy: z.string().nullable(),
    startedByName: z.string().nullable(),
    startedAt: z.string(),
    liftedBy: z.string().nullable(),
    liftedAt: z.string().nullable().describe('null while it holds'),
    locks: z.object({
      total: z.number().int().describe('locks sent the lock command'),
      locked: z.number().int().describe('locks that confirmed it'),
      waiting: z
        .array(
          z.object({
            deviceId: z.number().int(),
            name: z.string(),
            attempts: z.number().int(),
            lastError: z.string().nullable(),
          }),
        )
        .describe('locks that have not confirmed it yet (the first 100 by name), retried until they do'),
    }),
    suspended: z.object({
      pins: z.number().int().describe("PINs held off their locks' keypads until it is lifted"),
      certificates: z.number().int().describe("phones' offline keys revoked until it is lifted"),
    }),
  })
  .meta({ id: 'Lockdown' });

export const StartLockdownBody = z.object({
  siteId: z
    .number({ error: 'siteId must be a site id, or null for the whole organization' })
    .int()
    .positive()
    .max(2147483647, 'siteId must be a site id')
    .nullable(),
  reason: z.string({ error: 'say why, in a few words' }).max(2000, 'must be at most 2000 characters'),
  exemptUserIds: z
    .array(z.string().max(36).uuid('must be user ids'), { error: 'exemptUserIds must be an array of user ids' })
    .max(50, 'at most 50 people')
    .optional(),
});
