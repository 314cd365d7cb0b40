import { disconnectApp } from '@/lib/domain/apps/connected';
import { AppPath } from '@/lib/domain/apps/schemas';
import { reply } from '@/lib/http/reply';
import { res } from '@/lib/http/responses';
import { route } from '@/lib/http/route';

// DELETE /api/v37/my/connectedapp/{clientId}: disconnect an app; its tokens are refused from the next call on
export const DELETE = route(
  {
    summary: 'Disconnect an app; its tokens are refused from the next call on',
    responses: { 204: res.empty },
    scopes: ['Account.ReadWrite'],
    params: AppPath,
  },
  async (ctx, { params }) => {
    await disconnectApp(ctx, params.clientId);
    return reply.noContent();
  },
);
