import { z } from 'zod';
import { route } from '@/lib/http/route';
import { qBool } from '@/lib/http/query';
import { deviceDetails } from '@/lib/domain/devices/details';
import { DeviceDetails } from '@/lib/domain/devices/schemas';

// GET /api/v37/my/device/details: {bridges, locks, keypads, gates, dryContacts}. An answer for a
// thousand devices is a megabyte: two at a time per process, the others in arrival order.
export const GET = route(
  {
    summary:
      'Every device the caller can see, with its details: {bridges, locks, keypads, gates, dryContacts} (at most two answered at a time per process)',
    responses: { 200: DeviceDetails },
    scopes: ['Device.Read', 'Device.ReadWrite'],
    concurrency: 2,
    query: z.object({ IncludeUserSettings: qBool().optional(), IncludeAccessories: qBool().optional() }),
  },
  (ctx, { query }) =>
    deviceDetails(ctx, {
      includeUserSettings: query.IncludeUserSettings,
      includeAccessories: query.IncludeAccessories,
    }),
);
