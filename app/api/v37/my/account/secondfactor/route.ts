import { secondFactorStatus } from '@/lib/domain/account/second-factors';
import { route } from '@/lib/http/route';

// GET /api/v37/my/account/secondfactor: the caller's second factors (authenticator app, recovery codes left, passkeys)
export const GET = route({ scopes: ['Account.Read', 'Account.ReadWrite'] }, (ctx) => secondFactorStatus(ctx));
