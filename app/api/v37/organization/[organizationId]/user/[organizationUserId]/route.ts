import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { getPerson } from '@/lib/domain/organizations/people';
import { PersonProfile } from '@/lib/domain/organizations/schemas';

// GET /api/v37/organization/{organizationId}/user/{organizationUserId}: one member's profile (Tedee's get profile)
export const GET = route(
  {
    summary: "One member's profile (Tedee's get profile)",
    responses: { 200: PersonProfile },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    params: z.object({ organizationId: pathId(), organizationUserId: pathId() }),
  },
  (ctx, { params }) => getPerson(ctx, params),
);
