import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { renamePerson } from '@/lib/domain/organizations/people';
import { removePerson } from '@/lib/domain/organizations/removal';
import { PersonProfile, Removed } from '@/lib/domain/organizations/schemas';

const params = z.object({ organizationId: pathId(), organizationUserId: pathId() });

// PUT /api/v37/organization/{organizationId}/user/byorganizationuserid/{organizationUserId}: the name the organization shows (Tedee's update profile)
export const PUT = route(
  { summary: 'The name the organization shows (Tedee\'s update profile)', responses: { 200: PersonProfile }, scopes: ['Organization.ReadWrite'], params, body: z.object({ displayName: z.string({ error: 'a name is needed' }).max(1000, 'must be at most 1000 characters') }) },
  (ctx, { params, body }) => renamePerson(ctx, { ...params, displayName: body.displayName }),
);

// DELETE /api/v37/organization/{organizationId}/user/byorganizationuserid/{organizationUserId}: remove a person (one's own id: leave), with everything they had here
export const DELETE = route({ summary: 'Remove a person (one\'s own id: leave), with everything they had here', responses: { 200: Removed }, scopes: ['Organization.ReadWrite'], params }, (ctx, { params }) => removePerson(ctx, params));
