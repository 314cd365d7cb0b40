import { z } from 'zod';
import { reauthenticate } from '@/lib/domain/account/security';
import { clientAddress } from '@/lib/http/client-address';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { res } from '@/lib/http/responses';

const body = z.object({ password: z.string({ error: 'enter your password' }).max(1024) });

// POST /api/v37/my/account/reauthenticate: the password again; for a session it counts as a fresh sign-in; 204
export const POST = route(
  {
    summary: 'The password again; for a session it counts as a fresh sign-in; 204',
    responses: { 204: res.empty },
    scopes: ['Account.ReadWrite'],
    body,
  },
  async (ctx, { body: b, req }) => {
    await reauthenticate(ctx, b, clientAddress(req.headers));
    return reply.noContent();
  },
);
