import { z } from 'zod';
import { route } from '@/lib/http/route';
import { bodyIds, pathId, qBool } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { limitSites } from '@/lib/domain/organizations/role-change';

const siteLimit = z.object({ siteIds: z.array(z.number().int().positive()).nullable() });

// PUT /api/v37/organization/{organizationId}/user/{organizationUserId}/sites: the owner limits the sites
// a person's administration reaches (issue 35; our extension) -> 200 { siteIds } (null: every site)
export const PUT = route(
  {
    summary:
      "The owner limits the sites a person's administration reaches (null: every site) -> 200; grants beyond the new reach end",
    responses: { 200: siteLimit },
    scopes: ['Organization.ReadWrite'],
    params: z.object({ organizationId: pathId(), organizationUserId: pathId() }),
    // keepGrants=true: what they handed out outside the sites stays, answered for by the owner (default: it ends)
    query: z.object({ keepGrants: qBool().optional() }),
    body: z.object({
      siteIds: bodyIds('siteIds must be an array of site ids, or null for every site', 1000).nullable(),
    }),
  },
  async (ctx, { params, body, query }) =>
    reply.ok(await limitSites(ctx, { ...params, siteIds: body.siteIds, keepGrants: query.keepGrants })),
);
