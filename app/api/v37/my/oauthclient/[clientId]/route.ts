import { z } from 'zod';
import { deleteDeveloperApp } from '@/lib/domain/apps/developer';
import { reply } from '@/lib/http/reply';
import { res } from '@/lib/http/responses';
import { route } from '@/lib/http/route';

const params = z.object({
  clientId: z
    .string()
    .max(40)
    .regex(/^app_[A-Za-z0-9_-]{16}$/, 'must be an app id (app_...)'),
});

// DELETE /api/v37/my/oauthclient/{clientId}: remove an app; every grant and token of it dies at once
export const DELETE = route(
  {
    summary: 'Remove an app; every grant and token of it dies at once',
    responses: { 204: res.empty },
    scopes: ['Account.ReadWrite'],
    params,
  },
  async (ctx, { params }) => {
    await deleteDeveloperApp(ctx, params.clientId);
    return reply.noContent();
  },
);
