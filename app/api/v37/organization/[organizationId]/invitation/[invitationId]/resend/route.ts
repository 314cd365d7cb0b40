import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId, pathUuid } from '@/lib/http/query';
import { resendInvitation } from '@/lib/domain/organizations/invitations';
import { InvitationViewSchema } from '@/lib/domain/organizations/schemas';

// POST /api/v37/organization/{organizationId}/invitation/{invitationId}/resend: a new mail and link, the full time again (ours)
export const POST = route(
  {
    summary: 'A new mail and link, the full time again (ours)',
    responses: { 200: InvitationViewSchema },
    errors: [410],
    scopes: ['Organization.ReadWrite'],
    params: z.object({ organizationId: pathId(), invitationId: pathUuid() }),
  },
  (ctx, { params }) => resendInvitation(ctx, params),
);
