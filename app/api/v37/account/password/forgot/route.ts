import { z } from 'zod';
import { forgotPassword } from '@/lib/domain/signup/reset';
import { clientAddress } from '@/lib/http/client-address';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { MailSent } from '@/lib/domain/account/schemas';

const body = z.object({
  email: z
    .string({ error: 'enter your e-mail address' })
    .max(320, 'enter a valid e-mail address (at most 320 characters)'),
});

// POST /api/v37/account/password/forgot: public; a reset link (1 h, once) to the address if it has an account; always 202 (rate limited)
export const POST = route(
  {
    summary: 'Public; a reset link (1 h, once) to the address if it has an account; always 202 (rate limited)',
    responses: { 202: MailSent },
    scopes: 'public',
    body,
  },
  async (ctx, { body: b, req }) => reply.accepted(await forgotPassword(ctx, b.email, clientAddress(req.headers))),
);
