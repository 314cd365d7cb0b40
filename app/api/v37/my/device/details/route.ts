import { z } from 'zod';
import { route } from '@/lib/http/route';
import { qArray, qBool, qInt } from '@/lib/http/query';
import { DETAILS_AT_ONCE, deviceDetails } from '@/lib/domain/devices/details';
import { DeviceDetails } from '@/lib/domain/devices/schemas';
import { DETAILS_IDS_AT_ONCE } from '@/lib/shared/devices/codes';

// GET /api/v37/my/device/details: {bridges, locks, keypads, gates, dryContacts}. An answer for a
// thousand devices is a megabyte: two at a time per process, the others in arrival order. Past
// DETAILS_AT_ONCE devices a caller pages (page, itemsPerPage: ours, docs/api-compatibility.md).
export const GET = route(
  {
    summary: `Every device the caller can see, with its details: {bridges, locks, keypads, gates, dryContacts} (at most two answered at a time per process). Up to ${DETAILS_AT_ONCE.toLocaleString('en')} devices at once (400 past it); page and itemsPerPage (ours) give one page of the devices in name order, whatever their kind; deviceId (ours, repeated, at most ${DETAILS_IDS_AT_ONCE}) only those devices`,
    responses: { 200: DeviceDetails },
    scopes: ['Device.Read', 'Device.ReadWrite'],
    concurrency: 2,
    query: z.object({
      IncludeUserSettings: qBool().optional(),
      IncludeAccessories: qBool().optional(),
      page: qInt(1, 1_000_000).optional(),
      itemsPerPage: qInt(1, 1000).optional(),
      // ours: only these devices (repeated, at most DETAILS_IDS_AT_ONCE), those of them the caller sees
      deviceId: qArray(qInt(1, 2147483647), DETAILS_IDS_AT_ONCE).optional(),
    }),
  },
  (ctx, { query }) =>
    deviceDetails(ctx, {
      includeUserSettings: query.IncludeUserSettings,
      includeAccessories: query.IncludeAccessories,
      page: query.page,
      itemsPerPage: query.itemsPerPage,
      ids: query.deviceId,
    }),
);
