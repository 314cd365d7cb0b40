import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId, qBool } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { deleteGroup, getGroup, renameGroup } from '@/lib/domain/organizations/groups';
import { res } from '@/lib/http/responses';
import { GroupDetail, GroupListItem } from '@/lib/domain/organizations/schemas';

const params = z.object({ organizationId: pathId(), groupId: z.guid('groupId must be a UUID') });

// GET /api/v37/organization/{organizationId}/user-groups/{groupId}?includeMembers= (endpoint 7)
export const GET = route(
  {
    summary: 'A user group, with its members when includeMembers=true (endpoint 7)',
    responses: { 200: GroupDetail },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params,
    query: z.object({ includeMembers: qBool().optional() }),
  },
  (ctx, { params, query }) => getGroup(ctx, { ...params, includeMembers: query.includeMembers }),
);

const rename = z.object({
  name: z.string({ error: 'a group needs a name' }).max(1000, 'must be at most 1000 characters'),
});

// PATCH /api/v37/organization/{organizationId}/user-groups/{groupId}: rename -> 204 (Tedee's update)
export const PATCH = route(
  {
    summary: "Rename -> 204 (Tedee's update)",
    responses: { 204: res.empty },
    scopes: ['Organization.ReadWrite'],
    params,
    body: rename,
  },
  async (ctx, { params, body }) => {
    await renameGroup(ctx, { ...params, name: body.name });
    return reply.noContent();
  },
);

// PUT /api/v37/organization/{organizationId}/user-groups/{groupId}: rename -> 200 with the group (ours, kept for earlier clients)
export const PUT = route(
  {
    summary: 'Rename -> 200 with the group (ours, kept for earlier clients)',
    responses: { 200: GroupListItem },
    scopes: ['Organization.ReadWrite'],
    params,
    body: rename,
  },
  (ctx, { params, body }) => renameGroup(ctx, { ...params, name: body.name }),
);

// DELETE /api/v37/organization/{organizationId}/user-groups/{groupId}: delete, with the accesses granted to it
export const DELETE = route(
  {
    summary: 'Delete, with the accesses granted to it',
    responses: { 204: res.empty },
    scopes: ['Organization.ReadWrite'],
    params,
  },
  async (ctx, { params }) => {
    await deleteGroup(ctx, params);
    return reply.noContent();
  },
);
