import { z } from 'zod';
import { confirmTotp, removeTotp, startTotp } from '@/lib/domain/account/second-factors';
import { clientAddress } from '@/lib/http/client-address';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { res } from '@/lib/http/responses';
import { RecoveryCodes, TotpStarted } from '@/lib/domain/account/schemas';

// POST /api/v37/my/account/secondfactor/totp: a new authenticator-app secret (key and otpauth URI), not yet in force; 201
export const POST = route(
  {
    summary: 'A new authenticator-app secret (key and otpauth URI), not yet in force; 201',
    responses: { 201: TotpStarted },
    scopes: ['Account.ReadWrite'],
  },
  async (ctx) => reply.created(await startTotp(ctx)),
);

// PUT /api/v37/my/account/secondfactor/totp: confirm with the app's current code -> the recovery codes, shown once
export const PUT = route(
  {
    summary: "Confirm with the app's current code -> the recovery codes, shown once",
    responses: { 200: RecoveryCodes },
    scopes: ['Account.ReadWrite'],
    body: z.object({
      code: z.string({ error: 'code: the 6 digits your app shows' }).max(20, 'code: the 6 digits your app shows'),
    }),
  },
  (ctx, { body }) => confirmTotp(ctx, body),
);

// DELETE /api/v37/my/account/secondfactor/totp: remove the app and its recovery codes (the password again); 204
export const DELETE = route(
  {
    summary: 'Remove the app and its recovery codes (the password again); 204',
    responses: { 204: res.empty },
    scopes: ['Account.ReadWrite'],
    body: z.object({ password: z.string({ error: 'enter your password' }).max(1024) }),
  },
  async (ctx, { body, req }) => {
    await removeTotp(ctx, body, clientAddress(req.headers));
    return reply.noContent();
  },
);
