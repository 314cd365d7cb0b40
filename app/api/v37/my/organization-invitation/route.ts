import { z } from 'zod';
import { route } from '@/lib/http/route';
import { acceptInvitation } from '@/lib/domain/organizations/invitations';
import { JoinedOrganization } from '@/lib/domain/organizations/schemas';

// POST /api/v37/my/organization-invitation: accept an organization's invitation with the token from its mail (ours)
export const POST = route(
  {
    summary: "Accept an organization's invitation with the token from its mail (ours)",
    responses: { 200: JoinedOrganization },
    errors: [410],
    scopes: ['Organization.ReadWrite'],
    body: z.object({
      token: z.string({ error: 'the token from the mail is needed' }).max(200, 'must be at most 200 characters'),
    }),
  },
  (ctx, { body }) => acceptInvitation(ctx, { token: body.token }),
);
