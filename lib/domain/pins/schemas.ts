import { z } from 'zod';
import { instant, windowFields } from '../schema-parts';

/**
 * Lock PINs as the API shows them. The OpenAPI document is made from these schemas, and the domain
 * and the portal (lib/client/pins.ts) take their types from them: each shape is written once.
 */

export const PinSchedule = z.object(windowFields);
export type PinSchedule = z.infer<typeof PinSchedule>;

/** Our addition to Tedee's list: when the PIN last opened the lock (UTC), null if never. */
const lastUsedDate = instant
  .nullable()
  .describe('when the PIN last opened the lock (UTC, ISO 8601 with Z); null if never (our addition)');

/** A PIN with its schedule and last use, never its value (the list with includeSchedule=true). */
export const PinWithSchedule = z.object({
  id: z.number().int(),
  alias: z.string(),
  lastUsedDate,
  ...PinSchedule.shape,
});
export type PinWithSchedule = z.infer<typeof PinWithSchedule>;

export const PinList = z
  .object({
    listVersion: z.number().int(),
    // id and alias as the contract says, and lastUsedDate; with includeSchedule also each schedule
    pins: z
      .array(z.object({ id: z.number().int(), alias: z.string(), lastUsedDate, ...PinSchedule.partial().shape }))
      .describe('schedule fields only with includeSchedule=true'),
  })
  .meta({ id: 'PinList' });
export type PinList = z.infer<typeof PinList>;

/** One PIN with its value (owners and administrators) and the lock's zone, in which its schedule is judged. */
export const PinDetail = z.object({
  id: z.number().int(),
  alias: z.string(),
  ...PinSchedule.shape,
  pin: z.string(),
  timeZone: z.string(),
});
export type PinDetail = z.infer<typeof PinDetail>;

export const PinCreated = z.object({ id: z.number().int() });
