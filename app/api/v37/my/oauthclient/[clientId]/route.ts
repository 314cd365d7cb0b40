import { deleteDeveloperApp } from '@/lib/domain/apps/developer';
import { AppPath } from '@/lib/domain/apps/schemas';
import { reply } from '@/lib/http/reply';
import { res } from '@/lib/http/responses';
import { route } from '@/lib/http/route';

// DELETE /api/v37/my/oauthclient/{clientId}: remove an app; every grant and token of it dies at once
export const DELETE = route(
  {
    summary: 'Remove an app; every grant and token of it dies at once',
    responses: { 204: res.empty },
    scopes: ['Account.ReadWrite'],
    params: AppPath,
  },
  async (ctx, { params }) => {
    await deleteDeveloperApp(ctx, params.clientId);
    return reply.noContent();
  },
);
