import { secondFactorStatus } from '@/lib/domain/account/second-factors';
import { route } from '@/lib/http/route';
import { SecondFactorStatus } from '@/lib/domain/account/schemas';

// GET /api/v37/my/account/secondfactor: the caller's second factors (authenticator app, recovery codes left, passkeys)
export const GET = route(
  {
    summary: "The caller's second factors (authenticator app, recovery codes left, passkeys)",
    responses: { 200: SecondFactorStatus },
    scopes: ['Account.Read', 'Account.ReadWrite'],
  },
  (ctx) => secondFactorStatus(ctx),
);
