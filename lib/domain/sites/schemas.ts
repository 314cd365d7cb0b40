import { z } from 'zod';

/** A site (building) of an organization as the API shows it (issue 35). */
export const SiteSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    address: z.string().nullable(),
    timeZone: z.string().describe('IANA zone of the building (like "Europe/Warsaw")'),
    deviceCount: z.number().int().describe('devices of the organization that belong to this site'),
  })
  .meta({
    id: 'Site',
    examples: [{ id: 1, name: 'Office building', address: 'Main Street 1', timeZone: 'Europe/Warsaw', deviceCount: 4 }],
  });
export type Site = z.infer<typeof SiteSchema>;

/** How many device ids one request may move to a site. */
export const MAX_SITE_DEVICE_IDS = 1000;
