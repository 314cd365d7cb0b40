import { z } from 'zod';
import { registerUser } from '@/lib/domain/signup/register';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';

const body = z.object({
  email: z.string({ error: 'enter your e-mail address' }),
  password: z.string({ error: 'choose a password' }),
  displayName: z.string({ error: 'enter your name' }),
});

// POST /api/v37/account/register: public sign-up; claims accesses shared with this e-mail; 201
export const POST = route({ scopes: 'public', body }, async (ctx, { body: b, req }) => {
  const address = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || req.headers.get('x-real-ip') || 'unknown';
  return reply.created(await registerUser(ctx, b, address));
});
