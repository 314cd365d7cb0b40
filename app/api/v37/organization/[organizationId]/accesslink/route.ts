import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId, qArray, qInt, zInstant } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { createLink, listLinks } from '@/lib/domain/accesslinks/manage';
import { createBody } from './input';
import { AccessLinkCreated, AccessLinkPage } from '@/lib/domain/accesslinks/schemas';

const params = z.object({ organizationId: pathId() });

// GET /api/v37/organization/{organizationId}/accesslink: links of the organization, paged, with Tedee's filters
// (filters.LinkName, repeated filters.DeviceId, filters.StartDate, filters.EndDate) -> {items, page, itemsPerPage}
export const GET = route(
  {
    summary: "Links of the organization, paged, with Tedee's filters",
    responses: { 200: AccessLinkPage },
    scopes: ['AccessLink.Read', 'AccessLink.ReadWrite'],
    params,
    query: z.object({
      page: qInt(1).optional(),
      itemsPerPage: qInt(1, 100).optional(),
      'filters.LinkName': z.string().max(450).optional(),
      // the portal's earlier name for the same filter
      'filters.name': z.string().max(450).optional(),
      'filters.DeviceId': qArray(qInt(1, 2147483647)).optional(),
      'filters.StartDate': zInstant().optional(),
      'filters.EndDate': zInstant().optional(),
    }),
  },
  (ctx, { params, query }) =>
    listLinks(ctx, {
      organizationId: params.organizationId,
      page: query.page,
      itemsPerPage: query.itemsPerPage,
      name: query['filters.LinkName'] ?? query['filters.name'],
      deviceIds: query['filters.DeviceId'],
      startDate: query['filters.StartDate'],
      endDate: query['filters.EndDate'],
    }),
);

// POST /api/v37/organization/{organizationId}/accesslink: create a link -> 201 {id, url} (endpoint 13)
export const POST = route(
  {
    summary: 'Create a link -> 201 {id, url} (endpoint 13)',
    responses: { 201: AccessLinkCreated },
    scopes: ['AccessLink.ReadWrite'],
    params,
    body: createBody,
  },
  async (ctx, { params, body }) =>
    reply.created(await createLink(ctx, { organizationId: params.organizationId, ...body })),
);
