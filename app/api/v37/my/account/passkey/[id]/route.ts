import { z } from 'zod';
import { removePasskey } from '@/lib/domain/account/passkeys';
import { clientAddress } from '@/lib/http/client-address';
import { pathUuid } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { res } from '@/lib/http/responses';

const params = z.object({ id: pathUuid() });

// DELETE /api/v37/my/account/passkey/{id}: remove a passkey (the password again); 204
export const DELETE = route(
  {
    summary: 'Remove a passkey (the password again); 204',
    responses: { 204: res.empty },
    scopes: ['Account.ReadWrite'],
    params,
    body: z.object({ password: z.string({ error: 'enter your password' }).max(1024) }),
  },
  async (ctx, { params, body, req }) => {
    await removePasskey(ctx, { id: params.id, password: body.password }, clientAddress(req.headers));
    return reply.noContent();
  },
);
