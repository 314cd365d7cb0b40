import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { listReportSubscriptions, subscribeReport } from '@/lib/domain/reports/subscriptions';
import { ReportSubscriptionSchema, SubscribeBody } from '@/lib/domain/reports/schemas';

const params = z.object({ organizationId: pathId(), siteId: pathId() });

// GET /api/v37/organization/{organizationId}/sites/{siteId}/reports: the caller's subscriptions to the site's reports (issue 35)
export const GET = route(
  {
    summary: "The caller's subscriptions to the site's scheduled reports (the site's owner and administrators)",
    responses: { 200: z.array(ReportSubscriptionSchema) },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params,
  },
  (ctx, { params }) => listReportSubscriptions(ctx, params),
);

// POST /api/v37/organization/{organizationId}/sites/{siteId}/reports: subscribe the caller -> 201; 200 setting the hour of one they have
export const POST = route(
  {
    summary: 'Subscribe the caller to the weekly or monthly report -> 201; 200 when they had it (its hour set)',
    responses: { 200: ReportSubscriptionSchema, 201: ReportSubscriptionSchema },
    scopes: ['Organization.ReadWrite'],
    params,
    body: SubscribeBody,
  },
  async (ctx, { params, body }) => {
    const r = await subscribeReport(ctx, { ...params, ...body });
    return r.created ? reply.created(r.subscription) : reply.ok(r.subscription);
  },
);
