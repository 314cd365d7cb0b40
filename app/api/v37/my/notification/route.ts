import { getNotificationPreferences, putBody, putNotificationPreferences } from '@/lib/domain/notifications/preferences';
import { route } from '@/lib/http/route';

// GET /api/v37/my/notification: the caller's notification mails: kinds on/off, per-device choices, digest
export const GET = route({ scopes: ['Account.Read', 'Account.ReadWrite'] }, (ctx) => getNotificationPreferences(ctx));

// PUT /api/v37/my/notification: change them (digest, kinds, per-device choices; enabled null = as the kind); 200 with all of them
export const PUT = route({ scopes: ['Account.ReadWrite'], body: putBody }, (ctx, { body }) => putNotificationPreferences(ctx, body));
