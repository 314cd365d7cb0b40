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
  .meta({
    id: 'ActivityItem',
    // from the demo data (npm run db:seed)
    examples: [
      {
        id: 50000,
        deviceId: 3,
        userId: 1,
        username: 'Olivia Owner',
        event: 33,
        source: 1,
        date: '2026-11-24T08:20:00.000',
      },
    ],
  });
