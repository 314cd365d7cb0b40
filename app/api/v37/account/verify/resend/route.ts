import { z } from 'zod';
import { resendVerification } from '@/lib/domain/signup/verify';
import { clientAddress } from '@/lib/http/client-address';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { MailSent } from '@/lib/domain/account/schemas';

const body = z.object({
  email: z
    .string({ error: 'enter your e-mail address' })
    .max(320, 'enter a valid e-mail address (at most 320 characters)'),
});

// POST /api/v37/account/verify/resend: public; a new confirmation link if the address waits for one; always 202 (rate limited)
export const POST = route(
  {
    summary: 'Public; a new confirmation link if the address waits for one; always 202 (rate limited)',
    responses: { 202: MailSent },
    scopes: 'public',
    body,
  },
  async (ctx, { body: b, req }) => reply.accepted(await resendVerification(ctx, b.email, clientAddress(req.headers))),
);
