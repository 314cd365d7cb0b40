import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId, qInt } from '@/lib/http/query';
import { listOrganizationUsers } from '@/lib/domain/organizations/organizations';

// GET /api/v37/organization/{organizationId}/user: members of the organization, paged, by text
export const GET = route(
  {
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params: z.object({ organizationId: pathId() }),
    query: z.object({ page: qInt(1).optional(), itemsPerPage: qInt(1, 100).optional(), 'filters.text': z.string().max(200, 'must be at most 200 characters').optional() }),
  },
  (ctx, { params, query }) =>
    listOrganizationUsers(ctx, { organizationId: params.organizationId, page: query.page, itemsPerPage: query.itemsPerPage, text: query['filters.text'] }),
);
