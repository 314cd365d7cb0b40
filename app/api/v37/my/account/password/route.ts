import { z } from 'zod';
import { changePassword } from '@/lib/domain/account/security';
import { clientAddress } from '@/lib/http/client-address';
import { route } from '@/lib/http/route';
import { EndedSessions } from '@/lib/domain/account/schemas';

const body = z.object({
  currentPassword: z.string({ error: 'enter your current password' }).max(1024),
  newPassword: z.string({ error: 'choose a new password' }).max(200, 'use at most 200 characters'),
});

// PUT /api/v37/my/account/password: a new password (the current one required); the user's other sessions end
export const PUT = route(
  {
    summary: "A new password (the current one required); the user's other sessions end",
    responses: { 200: EndedSessions },
    scopes: ['Account.ReadWrite'],
    body,
  },
  (ctx, { body: b, req }) => changePassword(ctx, b, clientAddress(req.headers)),
);
