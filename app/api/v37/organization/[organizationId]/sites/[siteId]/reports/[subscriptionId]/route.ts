import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { res } from '@/lib/http/responses';
import { unsubscribeReport } from '@/lib/domain/reports/subscriptions';

const params = z.object({ organizationId: pathId(), siteId: pathId(), subscriptionId: z.string().max(100) });

// DELETE /api/v37/organization/{organizationId}/sites/{siteId}/reports/{subscriptionId}: the caller's own subscription ends -> 204
export const DELETE = route(
  {
    summary: "End one of the caller's own report subscriptions -> 204",
    responses: { 204: res.empty },
    scopes: ['Organization.ReadWrite'],
    params,
  },
  async (ctx, { params }) => {
    await unsubscribeReport(ctx, params);
    return reply.noContent();
  },
);
