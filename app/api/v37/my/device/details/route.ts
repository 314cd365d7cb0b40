import { z } from 'zod';
import { route } from '@/lib/http/route';
import { qBool } from '@/lib/http/query';
import { deviceDetails } from '@/lib/domain/devices/details';

// GET /api/v37/my/device/details: {bridges, locks, keypads, gates, dryContacts}
export const GET = route(
  { scopes: ['Device.Read', 'Device.ReadWrite'], query: z.object({ IncludeUserSettings: qBool().optional(), IncludeAccessories: qBool().optional() }) },
  (ctx, { query }) => deviceDetails(ctx, { includeUserSettings: query.IncludeUserSettings, includeAccessories: query.IncludeAccessories }),
);
