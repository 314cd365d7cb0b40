import { z } from 'zod';
import { listActivity } from '@/lib/domain/activity/list';
import { qArray, qInt, zInstant } from '@/lib/http/query';
import { route } from '@/lib/http/route';
import { ActivityItem } from '@/lib/domain/activity/schemas';

const query = z.object({
  // the contract names deviceId; without it the log of every device the caller sees (portal)
  deviceId: qInt(1, 2147483647).optional(),
  elements: qInt(1, 200).optional(),
  lastElemDate: zInstant().optional(),
  // extensions for the portal: tie-break across devices, and event kinds
  lastElemId: qInt(1).optional(),
  event: qArray(qInt(0, 2147483647)).optional(),
  // the portal's date range starts here (the end is lastElemDate), and one author (an item's userId; 0 = none)
  dateFrom: zInstant().optional(),
  userId: qInt(0, 2147483647).optional(),
  // the devices of one site (issue 35); 0 = devices in no site
  siteId: qInt(0, 2147483647).optional(),
});

// GET /api/v37/my/deviceactivity: newest first, `elements` entries strictly older than lastElemDate
export const GET = route(
  {
    summary: 'Newest first, `elements` entries strictly older than lastElemDate',
    responses: { 200: z.array(ActivityItem) },
    scopes: ['DeviceActivity.Read'],
    query,
  },
  (ctx, { query: q }) =>
    listActivity(ctx, {
      deviceId: q.deviceId,
      elements: q.elements ?? 200,
      lastElemDate: q.lastElemDate,
      lastElemId: q.lastElemId,
      events: q.event,
      from: q.dateFrom,
      author: q.userId,
      siteId: q.siteId,
    }),
);
