import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId, qInt } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { createLink, listLinks } from '@/lib/domain/accesslinks/manage';
import { createBody } from './input';

const params = z.object({ organizationId: pathId() });

// GET /api/v37/organization/{organizationId}/accesslink: links of the organization (portal), paged, by name or device
export const GET = route(
  {
    scopes: ['AccessLink.Read', 'AccessLink.ReadWrite'],
    params,
    query: z.object({
      page: qInt(1).optional(),
      itemsPerPage: qInt(1, 100).optional(),
      'filters.name': z.string().max(200, 'must be at most 200 characters').optional(),
      'filters.deviceId': qInt(1).optional(),
    }),
  },
  (ctx, { params, query, req }) =>
    listLinks(ctx, {
      organizationId: params.organizationId,
      origin: req.nextUrl.origin,
      page: query.page,
      itemsPerPage: query.itemsPerPage,
      name: query['filters.name'],
      deviceId: query['filters.deviceId'],
    }),
);

// POST /api/v37/organization/{organizationId}/accesslink: create a link -> 201 {id, url} (endpoint 13)
export const POST = route({ scopes: ['AccessLink.ReadWrite'], params, body: createBody }, async (ctx, { params, body, req }) =>
  reply.created(await createLink(ctx, { organizationId: params.organizationId, origin: req.nextUrl.origin, ...body })),
);
