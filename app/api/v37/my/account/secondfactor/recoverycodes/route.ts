import { z } from 'zod';
import { renewRecoveryCodes } from '@/lib/domain/account/second-factors';
import { clientAddress } from '@/lib/http/client-address';
import { route } from '@/lib/http/route';
import { RecoveryCodes } from '@/lib/domain/account/schemas';

// POST /api/v37/my/account/secondfactor/recoverycodes: new recovery codes (the password again); the former ones stop working
export const POST = route(
  {
    summary: 'New recovery codes (the password again); the former ones stop working',
    responses: { 200: RecoveryCodes },
    scopes: ['Account.ReadWrite'],
    body: z.object({ password: z.string({ error: 'enter your password' }).max(1024) }),
  },
  (ctx, { body, req }) => renewRecoveryCodes(ctx, body, clientAddress(req.headers)),
);
