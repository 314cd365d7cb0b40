import {
  getNotificationPreferences,
  putBody,
  putNotificationPreferences,
} from '@/lib/domain/notifications/preferences';
import { route } from '@/lib/http/route';
import { NotificationPreferencesSchema } from '@/lib/domain/notifications/schemas';

// GET /api/v37/my/notification: the caller's notification mails: kinds on/off, per-device choices, digest
export const GET = route(
  {
    summary: "The caller's notification mails: kinds on/off, per-device choices, digest",
    responses: { 200: NotificationPreferencesSchema },
    scopes: ['Account.Read', 'Account.ReadWrite'],
  },
  (ctx) => getNotificationPreferences(ctx),
);

// PUT /api/v37/my/notification: change them (digest, kinds, per-device choices; enabled null = as the kind); 200 with all of them
export const PUT = route(
  {
    summary: 'Change them (digest, kinds, per-device choices; enabled null = as the kind); 200 with all of them',
    responses: { 200: NotificationPreferencesSchema },
    scopes: ['Account.ReadWrite'],
    body: putBody,
  },
  (ctx, { body }) => putNotificationPreferences(ctx, body),
);
