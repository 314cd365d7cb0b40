import { z } from 'zod';

/** Lock PINs as the API shows them; the OpenAPI document is made from these. */
const instant = z.string().describe('UTC, ISO 8601 with Z');
const schedule = {
  startDate: instant.nullable(),
  endDate: instant.nullable(),
  dayStartTime: instant.nullable(),
  dayEndTime: instant.nullable(),
  weekDays: z.number().int().nullable(),
};

export const PinListItem = z.object({ id: z.number().int(), alias: z.string(), ...Object.fromEntries(Object.entries(schedule).map(([k, v]) => [k, v.optional()])) });
export const PinList = z
  .object({ listVersion: z.number().int(), pins: z.array(PinListItem).describe('schedule fields only with includeSchedule=true') })
  .meta({
    id: 'PinList',
    // from the demo data (npm run db:seed)
    examples: [{ listVersion: 3, pins: [{ id: 1, alias: 'Cleaner' }, { id: 2, alias: 'Night nurse' }] }],
  });
export const PinDetail = z.object({ id: z.number().int(), alias: z.string(), pin: z.string(), ...schedule, timeZone: z.string() });
export const PinCreated = z.object({ id: z.number().int() });
