import { z } from 'zod';
import { NOTIFICATION_KINDS } from '@/lib/shared/notifications/kinds';

const Kind = z.enum(NOTIFICATION_KINDS);

/** Notification mail preferences as the API shows them (the OpenAPI document is made from these). */
export const NotificationPreferencesSchema = z.object({
  digest: z.boolean(),
  kinds: z.record(Kind, z.boolean()),
  devices: z.array(
    z.object({
      deviceId: z.number().int(),
      name: z.string(),
      kinds: z.array(Kind),
      overrides: z.partialRecord(Kind, z.boolean()),
    }),
  ),
  labels: z.record(Kind, z.string()),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const Unsubscribed = z.object({ kind: Kind, label: z.string() });
