import { z } from 'zod';
import { resetPassword } from '@/lib/domain/signup/reset';
import { route } from '@/lib/http/route';
import { clientAddress } from '@/lib/http/client-address';
import { PasswordReset } from '@/lib/domain/account/schemas';

const body = z.object({
  token: z.string({ error: 'the link from the mail is needed' }).max(100, 'is not a link from our mails'),
  password: z.string({ error: 'choose a new password' }).max(200, 'use at most 200 characters'),
  /** the account's personal access keys end with a reset unless this is true */
  keepAccessKeys: z.boolean().optional(),
});

// POST /api/v37/account/password/reset: public; the mailed token and a new password; every session ends; 200 { email, endedSessions }
export const POST = route(
  {
    summary: 'Public; the mailed token and a new password; every session ends; 200 { email, endedSessions }',
    responses: { 200: PasswordReset },
    errors: [410],
    scopes: 'public',
    body,
  },
  (ctx, { body: b, req }) => resetPassword(ctx, b, clientAddress(req.headers)),
);
