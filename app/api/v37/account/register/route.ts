import { z } from 'zod';
import { registerUser } from '@/lib/domain/signup/register';
import { clientAddress } from '@/lib/http/client-address';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { MailSent } from '@/lib/domain/account/schemas';

// lengths first: refused before the rate limit and before the e-mail's form is looked at
const body = z.object({
  email: z
    .string({ error: 'enter your e-mail address' })
    .max(320, 'enter a valid e-mail address (at most 320 characters)'),
  password: z.string({ error: 'choose a password' }).max(200, 'use at most 200 characters'),
  displayName: z.string({ error: 'enter your name' }).max(200, 'enter your name (1 to 100 characters)'),
  next: z.string({ error: 'must be a path of this site' }).max(2048).optional(),
});

// POST /api/v37/account/register: public sign-up; a confirmation mail (or, for a known address, a mail saying so); always 202
export const POST = route(
  {
    summary: 'Public sign-up; a confirmation mail (or, for a known address, a mail saying so); always 202',
    responses: { 202: MailSent },
    scopes: 'public',
    body,
  },
  async (ctx, { body: b, req }) => reply.accepted(await registerUser(ctx, b, clientAddress(req.headers))),
);
