import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pagedText, pagedTextQuery, pathId } from '@/lib/http/query';
import { createGroup, listGroups } from '@/lib/domain/organizations/groups';
import { GroupListItem } from '@/lib/domain/organizations/schemas';

const params = z.object({ organizationId: pathId() });

// GET /api/v37/organization/{organizationId}/user-groups: groups by name, paged (endpoint 8)
export const GET = route(
  {
    summary: 'Groups by name, paged (endpoint 8)',
    responses: { 200: z.array(GroupListItem) },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params,
    query: pagedTextQuery,
  },
  (ctx, { params, query }) => listGroups(ctx, { organizationId: params.organizationId, ...pagedText(query) }),
);

// POST /api/v37/organization/{organizationId}/user-groups: create a group -> 200 {id, name} (Tedee answers 200 with the id)
export const POST = route(
  {
    summary: 'Create a group -> 200 {id, name} (Tedee answers 200 with the id)',
    responses: { 200: GroupListItem },
    scopes: ['Organization.ReadWrite'],
    params,
    body: z.object({ name: z.string({ error: 'a group needs a name' }).max(1000, 'must be at most 1000 characters') }),
  },
  (ctx, { params, body }) => createGroup(ctx, { organizationId: params.organizationId, name: body.name }),
);
