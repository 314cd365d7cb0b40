import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { res } from '@/lib/http/responses';
import { deleteSite, getSite, updateSite } from '@/lib/domain/sites/sites';
import { SiteSchema } from '@/lib/domain/sites/schemas';

const params = z.object({ organizationId: pathId(), siteId: pathId() });

// GET /api/v37/organization/{organizationId}/sites/{siteId}: one site
export const GET = route(
  {
    summary: 'One site, with how many devices belong to it',
    responses: { 200: SiteSchema },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params,
  },
  (ctx, { params }) => getSite(ctx, params),
);

// PATCH /api/v37/organization/{organizationId}/sites/{siteId}: rename, change the address or the zone -> 204 (as groups answer)
export const PATCH = route(
  {
    summary: 'Rename, change the address or the time zone -> 204 (as groups answer)',
    responses: { 204: res.empty },
    scopes: ['Organization.ReadWrite'],
    params,
    body: z.object({
      name: z.string().max(1000, 'must be at most 1000 characters').optional(),
      address: z.string().max(1000, 'must be at most 1000 characters').nullable().optional(),
      timeZone: z.string().max(100).optional(),
    }),
  },
  async (ctx, { params, body }) => {
    await updateSite(ctx, { ...params, ...body });
    return reply.noContent();
  },
);

// DELETE /api/v37/organization/{organizationId}/sites/{siteId}: delete a site without devices -> 204 (409 while it has some)
export const DELETE = route(
  {
    summary: 'Delete a site without devices -> 204 (409 while it has some: move them first)',
    responses: { 204: res.empty },
    scopes: ['Organization.ReadWrite'],
    params,
  },
  async (ctx, { params }) => {
    await deleteSite(ctx, params);
    return reply.noContent();
  },
);
