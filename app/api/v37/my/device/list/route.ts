import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pagedText, pagedTextQuery, qBool, qInt } from '@/lib/http/query';
import { DEVICE_KINDS, deviceList } from '@/lib/domain/devices/list';
import { DeviceList } from '@/lib/domain/devices/schemas';

// GET /api/v37/my/device/list (ours): one page of the caller's devices of every kind, doors that
// cannot open now first, then those that need attention, then by name; filters.text, kind,
// siteId (0: in no site), problems. The portal's Devices page (issue 34: not 11 MB of details).
export const GET = route(
  {
    summary:
      "One page of the caller's devices of every kind: doors that cannot open now first, then those that need attention, then by name; filtered by name, kind, site and problems",
    responses: { 200: DeviceList },
    scopes: ['Device.Read', 'Device.ReadWrite'],
    query: pagedTextQuery.extend({
      kind: z.enum(DEVICE_KINDS).optional(),
      siteId: qInt(0, 2147483647).optional(),
      problems: qBool().optional(),
    }),
  },
  (ctx, { query }) => {
    const { text, ...paging } = pagedText(query);
    return deviceList(ctx, { text, kind: query.kind, siteId: query.siteId, problems: query.problems }, paging);
  },
);
