import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { sendLink } from '@/lib/domain/accesslinks/send';
import { LinkSent } from '@/lib/domain/accesslinks/schemas';

const body = z.object({
  email: z
    .string({ error: "email: enter the guest's e-mail address" })
    .trim()
    .max(320, 'email: at most 320 characters')
    .pipe(z.email('email: not an e-mail address')),
  message: z.string().trim().max(500, 'message: at most 500 characters').optional(),
});

// POST /api/v37/organization/{organizationId}/accesslink/{accessLinkId}/send: mail the link to a guest -> 202 {email}
// (our addition; the mail is queued and sent by the mail worker)
export const POST = route(
  {
    summary: 'Mail the link to a guest (queued; our addition)',
    responses: { 202: LinkSent },
    errors: [409, 429],
    scopes: ['AccessLink.ReadWrite'],
    params: z.object({ organizationId: pathId(), accessLinkId: z.guid('accessLinkId must be a UUID') }),
    body,
  },
  async (ctx, { params, body }) =>
    reply.accepted(await sendLink(ctx, { ...params, email: body.email, message: body.message || undefined })),
);
