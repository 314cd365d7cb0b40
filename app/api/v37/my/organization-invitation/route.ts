import { z } from 'zod';
import { route } from '@/lib/http/route';
import { acceptInvitation } from '@/lib/domain/organizations/invitations';

// POST /api/v37/my/organization-invitation: accept an organization's invitation with the token from its mail (ours)
export const POST = route(
  { scopes: ['Organization.ReadWrite'], body: z.object({ token: z.string({ error: 'the token from the mail is needed' }).max(200, 'must be at most 200 characters') }) },
  (ctx, { body }) => acceptInvitation(ctx, { token: body.token }),
);
