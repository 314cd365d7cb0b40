import { passkeyRegistrationOptions } from '@/lib/domain/account/passkeys';
import { route } from '@/lib/http/route';
import { PasskeyChallenge } from '@/lib/domain/account/schemas';

// POST /api/v37/my/account/passkey/options: a registration challenge for a new passkey -> {challengeId, options}
export const POST = route(
  {
    summary: 'A registration challenge for a new passkey -> {challengeId, options}',
    responses: { 200: PasskeyChallenge },
    scopes: ['Account.ReadWrite'],
  },
  (ctx) => passkeyRegistrationOptions(ctx),
);
