import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pagedText, pagedTextQuery, qArray, qBool, qInt } from '@/lib/http/query';
import { deviceList } from '@/lib/domain/devices/list';
import { DEVICE_KINDS } from '@/lib/shared/devices/codes';
import { DeviceList } from '@/lib/domain/devices/schemas';

// GET /api/v37/my/device/list (ours): one page of the caller's devices of every kind, doors that
// cannot open now first, then those that need attention, then by name; filters.text, kind,
// siteId (0: in no site), problems, deviceId (repeated), orderBy=name. The portal's Devices page (issue 34: not 11 MB of details).
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
      // only these devices (repeated, at most a page), those of them the caller sees: names for a page of entries
      deviceId: qArray(qInt(1, 2147483647), 100).optional(),
      // 'name': by name only (a picker)
      orderBy: z.enum(['attention', 'name']).optional(),
    }),
  },
  (ctx, { query }) => {
    const { text, ...paging } = pagedText(query);
    return deviceList(
      ctx,
      {
        text,
        kind: query.kind,
        siteId: query.siteId,
        problems: query.problems,
        ids: query.deviceId,
        orderBy: query.orderBy,
      },
      paging,
    );
  },
);
