import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pagedText, pagedTextQuery, pathId, qBool, qInt } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { listPeople } from '@/lib/domain/organizations/people';
import { invite } from '@/lib/domain/organizations/invitations';
import { InvitationViewSchema, PersonRowSchema } from '@/lib/domain/organizations/schemas';
import { fromWireRole } from '@/lib/shared/organizations/wire-roles';

const params = z.object({ organizationId: pathId() });

/**
 * `Filters.UserTypes=0&Filters.UserTypes=1` or `Filters.UserTypes=0,1`: roles in Tedee's numbering
 * (0 owner, 1 administrator, 2 member; lib/shared/organizations/wire-roles.ts).
 */
const userTypes = z.preprocess(
  (v) =>
    v === undefined
      ? undefined
      : (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).filter((x) => x.trim() !== ''),
  z.array(qInt(0, 2)).max(3, 'at most 3 values'),
);

// GET /api/v37/organization/{organizationId}/user: members of the organization, paged, by text, role; pending invitations when asked
export const GET = route(
  {
    summary: 'Members of the organization, paged, by text, role; pending invitations when asked',
    responses: { 200: z.array(PersonRowSchema) },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params,
    query: pagedTextQuery.extend({
      'filters.userTypes': userTypes.optional(),
      'filters.includePendingUsers': qBool().optional(),
    }),
  },
  (ctx, { params, query }) =>
    listPeople(ctx, {
      organizationId: params.organizationId,
      ...pagedText(query),
      userTypes: query['filters.userTypes']?.map(fromWireRole),
      includePendingUsers: query['filters.includePendingUsers'],
    }),
);

const invitation = z.object({
  email: z.string({ error: 'an e-mail address is needed' }).max(320, 'must be at most 320 characters'),
  name: z.string().max(200, 'must be at most 200 characters').nullish(),
  /** Tedee's OrganizationRoleType: 1 administrator, 2 member (the default); 0 (owner) is refused with 403 */
  role: z.number().int('must be 1 (administrator) or 2 (member)').min(0).max(2).optional(),
  groupIds: z.array(z.guid('must be a group id (UUID)')).max(100, 'at most 100 groups').optional(),
});

// POST /api/v37/organization/{organizationId}/user: invite someone by e-mail (Tedee's invite user) -> 201 with the invitation
export const POST = route(
  {
    summary: "Invite someone by e-mail (Tedee's invite user) -> 201 with the invitation",
    responses: { 201: InvitationViewSchema },
    scopes: ['Organization.ReadWrite'],
    params,
    body: invitation,
  },
  async (ctx, { params, body }) =>
    reply.created(
      await invite(ctx, {
        organizationId: params.organizationId,
        email: body.email,
        name: body.name ?? null,
        role: fromWireRole(body.role ?? 2),
        groupIds: body.groupIds ?? [],
      }),
    ),
);
