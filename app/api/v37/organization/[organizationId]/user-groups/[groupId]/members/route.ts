import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pagedText, pagedTextQuery, pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { changeMembers, listMembers, MAX_MEMBER_IDS } from '@/lib/domain/organizations/members';
import { res } from '@/lib/http/responses';
import { GroupMembersPage, MemberResults } from '@/lib/domain/organizations/schemas';

const params = z.object({ organizationId: pathId(), groupId: z.guid('groupId must be a UUID') });
const body = z.object({
  organizationUserIds: z
    .array(
      z.number({ error: 'ids must be numbers' }).int('ids must be whole numbers').positive('ids must be positive'),
      {
        error: 'organizationUserIds must be an array of numbers',
      },
    )
    .min(1, 'give at least one id')
    .max(MAX_MEMBER_IDS, `at most ${MAX_MEMBER_IDS} ids per request`),
});

// GET /api/v37/organization/{organizationId}/user-groups/{groupId}/members: members by name or e-mail, paged -> {items, totalCount} (Tedee's get-members)
export const GET = route(
  {
    summary: "Members by name or e-mail, paged -> {items, totalCount} (Tedee's get-members)",
    responses: { 200: GroupMembersPage },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params,
    query: pagedTextQuery,
  },
  (ctx, { params, query }) => listMembers(ctx, { ...params, ...pagedText(query) }),
);

/** Adding and removing members: the same request and answer, one verb of the domain's. */
const changeRoute = (action: 'add' | 'remove', summary: string) =>
  route(
    {
      summary,
      responses: { 207: res.flat(MemberResults) },
      scopes: ['Organization.ReadWrite'],
      params,
      body,
    },
    async (ctx, { params, body }) =>
      reply.flat(207, await changeMembers(ctx, { ...params, organizationUserIds: body.organizationUserIds, action })),
  );

// POST /api/v37/organization/{organizationId}/user-groups/{groupId}/members: add members -> 207 (endpoint 9)
export const POST = changeRoute('add', 'Add members -> 207 (endpoint 9)');

// DELETE /api/v37/organization/{organizationId}/user-groups/{groupId}/members: remove members -> 207 (endpoint 10)
export const DELETE = changeRoute('remove', 'Remove members -> 207 (endpoint 10)');
