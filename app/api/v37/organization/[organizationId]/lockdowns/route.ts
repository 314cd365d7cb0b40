import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId, qBool } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { listLockdowns, startLockdown } from '@/lib/domain/lockdown/control';
import { LockdownSchema, StartLockdownBody } from '@/lib/domain/lockdown/schemas';

const params = z.object({ organizationId: pathId() });

// GET /api/v37/organization/{organizationId}/lockdowns: active lockdowns first, then those lifted in the last 30 days (issue 35)
export const GET = route(
  {
    summary: 'Active lockdowns first, then those lifted in the last 30 days (any member)',
    responses: { 200: z.array(LockdownSchema) },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params,
    query: z.object({ active: qBool().optional() }),
  },
  (ctx, { params, query }) => listLockdowns(ctx, { organizationId: params.organizationId, active: query.active }),
);

// POST /api/v37/organization/{organizationId}/lockdowns: lock a site (or the organization) down -> 201; 200 with the one already active
export const POST = route(
  {
    summary:
      'Lock a site (siteId null: the whole organization, owner only) down -> 201; 200 with the lockdown already active',
    responses: { 200: LockdownSchema, 201: LockdownSchema },
    scopes: ['Organization.ReadWrite'],
    params,
    body: StartLockdownBody,
  },
  async (ctx, { params, body }) => {
    const r = await startLockdown(ctx, { organizationId: params.organizationId, ...body });
    return r.created ? reply.created(r.lockdown) : reply.ok(r.lockdown);
  },
);
