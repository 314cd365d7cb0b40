import { z } from 'zod';

/** Notification mail preferences as the API shows them (the OpenAPI document is made from these). */
export const NotificationPreferencesSchema = z.object({
  digest: z.boolean(),
  kinds: z.record(z.string(), z.boolean()),
  devices: z.array(z.object({ deviceId: z.number().int(), name: z.string(), kinds: z.array(z.string()), overrides: z.record(z.string(), z.boolean()) })),
  labels: z.record(z.string(), z.string()),
});

export const Unsubscribed = z.object({ kind: z.string(), label: z.string() });
