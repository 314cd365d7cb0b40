import { z } from 'zod';
import { addPasskey } from '@/lib/domain/account/passkeys';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { challengeId, registrationResponse } from '@/lib/http/webauthn';
import { Passkey } from '@/lib/domain/account/schemas';

const body = z.object({
  challengeId,
  name: z.string({ error: 'name: give the passkey a name' }).max(100, 'name: at most 100 characters'),
  response: registrationResponse,
});

// POST /api/v37/my/account/passkey: the authenticator's answer to the challenge; the passkey is registered; 201
export const POST = route(
  {
    summary: "The authenticator's answer to the challenge; the passkey is registered; 201",
    responses: { 201: Passkey },
    scopes: ['Account.ReadWrite'],
    body,
  },
  async (ctx, { body }) => reply.created(await addPasskey(ctx, body)),
);
