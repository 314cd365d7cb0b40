import { z } from 'zod';
import { instant, int } from '../schema-parts';

/** Access links as the API shows them (api-v37.md; the OpenAPI document is made from these). */

export const LinkDeviceSchema = z
  .object({ id: int(), name: z.string(), timeZone: z.string(), order: int(), deviceType: int() })
  .meta({ id: 'AccessLinkDevice' });
export type LinkDevice = z.infer<typeof LinkDeviceSchema>;

export const AccessLink = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    repeatEvent: z
      .object({
        startDate: instant,
        endDate: instant,
        dayStartTime: instant.nullable(),
        dayEndTime: instant.nullable(),
        weekDays: int().nullable(),
      })
      .nullable()
      .describe('null: the link never ends'),
    devices: z.array(LinkDeviceSchema),
  })
  .meta({
    id: 'AccessLink',
    // from the demo data (npm run db:seed)
    examples: [
      {
        id: '2c45df82-bace-44fa-a2da-73d1c3b7f902',
        name: 'Courier deliveries',
        description: 'Front door and main gate for parcel couriers',
        repeatEvent: {
          startDate: '2026-11-24T00:00:00.000Z',
          endDate: '2026-12-24T00:00:00.000Z',
          dayStartTime: null,
          dayEndTime: null,
          weekDays: null,
        },
        devices: [
          { id: 3, name: 'Front door', timeZone: 'Europe/Warsaw', order: 1, deviceType: 2 },
          { id: 11, name: 'Main gate', timeZone: 'Europe/Warsaw', order: 2, deviceType: 5 },
        ],
      },
    ],
  });

export const AccessLinkWithUrl = AccessLink.extend({
  accessLinkUrl: z.string().nullable().describe('null when it cannot be shown again (the secret changed)'),
});
export type AccessLinkWithUrl = z.infer<typeof AccessLinkWithUrl>;
export const AccessLinkPage = z.object({ items: z.array(AccessLinkWithUrl), page: int(), itemsPerPage: int() });
export const AccessLinkRead = z.object({ accessLink: AccessLink, accessLinkUrl: z.string().nullable() });
export const AccessLinkCreated = z.object({ id: z.string(), url: z.string() });
export const AccessLinkUrl = z.object({ url: z.string().nullable() });

export const AssignableDevice = z.object({
  deviceId: int(),
  name: z.string(),
  type: int(),
  timeZone: z.string(),
  softwareVersions: z.array(z.object({ softwareType: int(), version: z.string() })),
  siteId: int().nullable().describe('Extension (issue 35): the site (building) of the device; null for none'),
});
export type AssignableDevice = z.infer<typeof AssignableDevice>;
export const AssignableDevices = z.object({
  accessLinkDevices: z.array(AssignableDevice),
  page: int(),
  itemsPerPage: int(),
});

/** What the guest page shows (GET /link/{token}). */
export const GuestLinkView = z.object({
  description: z.string(),
  organizationName: z.string(),
  timeZone: z.string(),
  validFrom: instant.nullable(),
  validUntil: instant.nullable(),
  hours: z.string().nullable(),
  state: z.enum(['active', 'notYetValid', 'expired']),
  /** a lockdown holds over (some of) the link's doors: why, in a guest's words (issue 35); null when none */
  lockdown: z.string().nullable(),
  devices: z.array(LinkDeviceSchema.extend({ canOpen: z.boolean(), closedNow: z.string().nullable() })),
});

export type GuestLinkView = z.infer<typeof GuestLinkView>;

/**
 * What the guest's page shows (GET /link/{token}/page, ours): the link while it holds; outside its
 * window nothing of it but whose it is and, before it starts, when it starts (in the organization's
 * zone), so the guest knows whom to ask and when to come back.
 */
export const GuestPage = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('ok'), link: GuestLinkView }),
    z.object({ kind: z.literal('expired'), organizationName: z.string() }),
    z.object({
      kind: z.literal('notYetValid'),
      organizationName: z.string(),
      validFrom: instant.nullable(),
      timeZone: z.string(),
    }),
  ])
  .meta({ id: 'GuestPage' });
export type GuestPage = z.infer<typeof GuestPage>;

export const LinkOperation = z.object({
  operationId: z.string(),
  deviceId: int(),
  status: z.enum(['PENDING', 'COMPLETED']),
  result: int().nullable(),
  outcome: z.string().nullable(),
});
export type LinkOperation = z.infer<typeof LinkOperation>;

/** A use of a link: an open's result from its operation, or why the guest was refused (history.ts). */
export const LinkHistoryResult = z.enum([
  'pending',
  'opened',
  'jammed',
  'timedOut',
  'failed',
  'expired',
  'notYetValid',
  'outsideSchedule',
  'noLongerAllowed',
  'unreachable',
  'busy',
  'rateLimited',
  'lockdown',
]);
export const LinkHistoryEntry = z
  .object({
    id: int(),
    date: z.string().describe('UTC without zone suffix, milliseconds (like activity `date`)'),
    deviceId: int().nullable(),
    deviceName: z.string().nullable(),
    deviceType: int().nullable(),
    timeZone: z.string().describe("the door's IANA zone (the organization's when no door is concerned or it is gone)"),
    accepted: z.boolean().describe('true for an open the device accepted, false for a refusal'),
    result: LinkHistoryResult,
    operationId: z.string().nullable(),
  })
  .meta({ id: 'AccessLinkHistoryEntry' });
export type LinkHistoryEntry = z.infer<typeof LinkHistoryEntry>;
export const LinkHistoryPage = z.object({ items: z.array(LinkHistoryEntry), page: int(), itemsPerPage: int() });
export const LinkSent = z.object({ email: z.string().describe('the address the mail was queued for') });
