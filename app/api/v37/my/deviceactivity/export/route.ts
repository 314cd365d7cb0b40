import { z } from 'zod';
import { exportActivity } from '@/lib/domain/activity/export';
import { qArray, qInt, zInstant } from '@/lib/http/query';
import { csvDownload } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { res } from '@/lib/http/responses';

const query = z.object({
  deviceId: qInt(1, 2147483647).optional(),
  from: zInstant().optional(),
  to: zInstant().optional(),
  // like the list: event kinds (repeatable), for the portal's filtered export
  event: qArray(qInt(0, 2147483647)).optional(),
  userId: qInt(0, 2147483647).optional(),
  // the devices of one site (issue 35); 0 = devices in no site
  siteId: qInt(0, 2147483647).optional(),
});

// GET /api/v37/my/deviceactivity/export: the visible log as CSV, streamed page by page
export const GET = route(
  {
    summary: 'The visible log as CSV, streamed page by page',
    responses: { 200: res.raw('text/csv', 'The visible activity log as CSV, streamed') },
    scopes: ['DeviceActivity.Read'],
    query,
  },
  async (ctx, { query: q }) => {
    const stream = await exportActivity(ctx, {
      deviceId: q.deviceId,
      from: q.from,
      to: q.to,
      events: q.event,
      author: q.userId,
      siteId: q.siteId,
    });
    const name = `activity-${q.deviceId ?? 'all'}-${new Date().toISOString().slice(0, 10)}.csv`;
    return csvDownload(stream, name);
  },
);
