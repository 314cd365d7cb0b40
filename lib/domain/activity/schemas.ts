import { z } from 'zod';

/** A device activity item (api-v37.md); the OpenAPI document is made from it. */
export const ActivityItem = z
  .object({
    id: z.number().int(),
    deviceId: z.number().int(),
    userId: z.number().int().describe('0 when no person did it'),
    username: z.string(),
    event: z.number().int(),
    source: z.number().int(),
    date: z.string().describe('UTC, no zone suffix, milliseconds'),
  })
  .meta({ id: 'ActivityItem' });
