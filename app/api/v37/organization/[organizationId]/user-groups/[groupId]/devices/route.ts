import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { listGroupDoors } from '@/lib/domain/people/people';
import { GroupDoorSchema } from '@/lib/domain/people/schemas';

const params = z.object({ organizationId: pathId(), groupId: z.guid('groupId must be a UUID') });

// GET /api/v37/organization/{organizationId}/user-groups/{groupId}/devices: the doors the group opens (among those the caller may share), with the group's access to each
export const GET = route(
  {
    summary: "The doors the group opens, among those the caller may share, with the group's access to each",
    responses: { 200: z.array(GroupDoorSchema) },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params,
  },
  (ctx, { params }) => listGroupDoors(ctx, params.organizationId, params.groupId),
);
