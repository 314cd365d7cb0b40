import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pagedText, pagedTextQuery, pathId } from '@/lib/http/query';
import { createSite, listSites } from '@/lib/domain/sites/sites';
import { SiteSchema } from '@/lib/domain/sites/schemas';

const params = z.object({ organizationId: pathId() });

// GET /api/v37/organization/{organizationId}/sites: the organization's sites (buildings) by name, paged (issue 35)
export const GET = route(
  {
    summary: "The organization's sites (buildings) by name, paged",
    responses: { 200: z.array(SiteSchema) },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params,
    query: pagedTextQuery,
  },
  (ctx, { params, query }) => listSites(ctx, { organizationId: params.organizationId, ...pagedText(query) }),
);

// POST /api/v37/organization/{organizationId}/sites: create a site -> 200 with it (as groups answer)
export const POST = route(
  {
    summary: 'Create a site -> 200 with it (as groups answer)',
    responses: { 200: SiteSchema },
    scopes: ['Organization.ReadWrite'],
    params,
    body: z.object({
      name: z.string({ error: 'a site needs a name' }).max(1000, 'must be at most 1000 characters'),
      address: z.string().max(1000, 'must be at most 1000 characters').nullable().optional(),
      timeZone: z.string({ error: 'a site needs a time zone (like "Europe/Warsaw")' }).max(100),
    }),
  },
  (ctx, { params, body }) => createSite(ctx, { organizationId: params.organizationId, ...body }),
);
