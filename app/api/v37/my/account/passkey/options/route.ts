import { passkeyRegistrationOptions } from '@/lib/domain/account/passkeys';
import { route } from '@/lib/http/route';

// POST /api/v37/my/account/passkey/options: a registration challenge for a new passkey -> {challengeId, options}
export const POST = route({ scopes: ['Account.ReadWrite'] }, (ctx) => passkeyRegistrationOptions(ctx));
