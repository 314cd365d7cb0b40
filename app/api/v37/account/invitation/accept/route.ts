import { z } from 'zod';
import { acceptDeviceInvitation } from '@/lib/domain/access/invite';
import { route } from '@/lib/http/route';
import { InvitationAccepted } from '@/lib/domain/access/schemas';

const body = z.object({
  token: z.string({ error: 'the link from the invitation mail is needed' }).max(100, 'is not a link from our mails'),
});

// POST /api/v37/account/invitation/accept: the invited, verified account takes a device invitation (once); 200 { deviceId, accessId }
export const POST = route(
  {
    summary: 'The invited, verified account takes a device invitation (once); 200 { deviceId, accessId }',
    responses: { 200: InvitationAccepted },
    errors: [410],
    scopes: ['Account.ReadWrite'],
    body,
  },
  (ctx, { body: b }) => acceptDeviceInvitation(ctx, b.token),
);
