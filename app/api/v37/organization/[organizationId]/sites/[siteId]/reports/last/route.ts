import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { lastReport } from '@/lib/domain/reports/subscriptions';
import { SiteReportSchema } from '@/lib/domain/reports/schemas';

const params = z.object({ organizationId: pathId(), siteId: pathId() });

// GET /api/v37/organization/{organizationId}/sites/{siteId}/reports/last?frequency=weekly|monthly: the report of the last week or month that ended
export const GET = route(
  {
    summary: "The site's report for the last week or month that ended (the site's owner and administrators)",
    responses: { 200: SiteReportSchema },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params,
    query: z.object({ frequency: z.enum(['weekly', 'monthly'], { error: 'frequency must be "weekly" or "monthly"' }) }),
  },
  (ctx, { params, query }) => lastReport(ctx, { ...params, frequency: query.frequency }),
);
