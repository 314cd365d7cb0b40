import { z } from 'zod';
import { passkeySignInOptions } from '@/lib/domain/account/passkey-signin';
import { clientAddress } from '@/lib/http/client-address';
import { route } from '@/lib/http/route';
import { PasskeyChallenge } from '@/lib/domain/account/schemas';

const body = z.object({ pendingToken: z.string().max(100, 'pendingToken: at most 100 characters').optional() });

// POST /api/v37/account/passkey/options: public; a challenge to sign in with a passkey -> {challengeId, options}
export const POST = route(
  {
    summary: 'Public; a challenge to sign in with a passkey -> {challengeId, options}',
    responses: { 200: PasskeyChallenge },
    scopes: 'public',
    body,
  },
  (ctx, { body, req }) => passkeySignInOptions(ctx, body, clientAddress(req.headers)),
);
