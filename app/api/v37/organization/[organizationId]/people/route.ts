import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { listOrgPeople } from '@/lib/domain/people/people';
import { PeopleListSchema } from '@/lib/domain/people/schemas';

// GET /api/v37/organization/{organizationId}/people: members and everyone with access to the organization's doors (those the caller manages)
export const GET = route(
  {
    summary: "Members and everyone with access to the organization's doors the caller manages",
    responses: { 200: PeopleListSchema },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params: z.object({ organizationId: pathId() }),
  },
  (ctx, { params }) => listOrgPeople(ctx, params.organizationId),
);
