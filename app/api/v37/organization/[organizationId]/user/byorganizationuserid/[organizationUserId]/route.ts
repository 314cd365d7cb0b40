import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId, qBool } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { renamePerson } from '@/lib/domain/organizations/people';
import { removePerson } from '@/lib/domain/organizations/removal';
import { PersonProfile, Removed } from '@/lib/domain/organizations/schemas';

const params = z.object({ organizationId: pathId(), organizationUserId: pathId() });

// PUT /api/v37/organization/{organizationId}/user/byorganizationuserid/{organizationUserId}: the name the organization
// shows (Tedee's update profile); 201 with the profile, as organizationusers/update.rst has it
export const PUT = route(
  {
    summary: "The name the organization shows (Tedee's update profile): 201 with the profile",
    responses: { 201: PersonProfile },
    scopes: ['Organization.ReadWrite'],
    params,
    body: z.object({
      displayName: z.string({ error: 'a name is needed' }).max(1000, 'must be at most 1000 characters'),
    }),
  },
  async (ctx, { params, body }) => reply.created(await renamePerson(ctx, { ...params, displayName: body.displayName })),
);

// DELETE /api/v37/organization/{organizationId}/user/byorganizationuserid/{organizationUserId}: remove a person (one's
// own id: leave), with everything they had here; 201 with what ended, as organizationusers/delete.rst has it
export const DELETE = route(
  {
    summary: "Remove a person (one's own id: leave), with everything they had here: 201 with what ended",
    responses: { 201: Removed },
    scopes: ['Organization.ReadWrite'],
    params,
    // keepGrants=true: what they handed out stays, answered for by the caller (default: it ends with them)
    query: z.object({ keepGrants: qBool().optional() }),
  },
  async (ctx, { params, query }) => reply.created(await removePerson(ctx, { ...params, keepGrants: query.keepGrants })),
);
