import { z } from 'zod';
import { verifyEmail } from '@/lib/domain/signup/verify';
import { route } from '@/lib/http/route';
import { EmailVerified } from '@/lib/domain/account/schemas';

const body = z.object({
  token: z.string({ error: 'the link from the mail is needed' }).max(100, 'is not a link from our mails'),
});

// POST /api/v37/account/verify: public; the sign-up mail's token confirms the address (once, 24 h); 200 { email, next }
export const POST = route(
  {
    summary: "Public; the sign-up mail's token confirms the address (once, 24 h); 200 { email, next }",
    responses: { 200: EmailVerified },
    errors: [410],
    scopes: 'public',
    body,
  },
  (ctx, { body: b }) => verifyEmail(ctx, b.token),
);
