import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathUuid, zInstant } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { revokeKey } from '@/lib/domain/account/revoke-key';
import { updateKey } from '@/lib/domain/account/update-key';
import { res } from '@/lib/http/responses';

const params = z.object({ id: pathUuid() });
const body = z.object({
  name: z.string({ error: 'must be a text' }).max(1000, 'must be at most 1000 characters').optional(),
  scopes: z
    .array(z.string({ error: 'must be a scope name' }).max(100), { error: 'must be a list of scope names' })
    .max(100, 'at most 100 scopes')
    .optional(),
  validTo: zInstant().nullish(),
  days: z.number({ error: 'must be a whole number' }).int('must be a whole number').nullish(),
});

// PUT /api/v37/my/personalaccesskey/{id}: rename, change scopes or expiry; 204 without a body, as
// personalaccesskey/update.rst has it (GET /my/personalaccesskey shows the key as changed)
export const PUT = route(
  {
    summary: 'Rename, change scopes or expiry: 204 (the list shows the key as changed)',
    responses: { 204: res.empty },
    scopes: ['Account.ReadWrite'],
    params,
    body,
  },
  async (ctx, { params, body }) => {
    await updateKey(ctx, params.id, body);
    return reply.noContent();
  },
);

// DELETE /api/v37/my/personalaccesskey/{id}: revoke; the key gets 401 from the next call on
export const DELETE = route(
  {
    summary: 'Revoke; the key gets 401 from the next call on',
    responses: { 204: res.empty },
    scopes: ['Account.ReadWrite'],
    params,
  },
  async (ctx, { params }) => {
    await revokeKey(ctx, params.id);
    return reply.noContent();
  },
);
