import { z } from 'zod';
import { disconnectApp } from '@/lib/domain/apps/connected';
import { reply } from '@/lib/http/reply';
import { res } from '@/lib/http/responses';
import { route } from '@/lib/http/route';

const params = z.object({
  clientId: z
    .string()
    .max(40)
    .regex(/^app_[A-Za-z0-9_-]{16}$/, 'must be an app id (app_...)'),
});

// DELETE /api/v37/my/connectedapp/{clientId}: disconnect an app; its tokens are refused from the next call on
export const DELETE = route(
  {
    summary: 'Disconnect an app; its tokens are refused from the next call on',
    responses: { 204: res.empty },
    scopes: ['Account.ReadWrite'],
    params,
  },
  async (ctx, { params }) => {
    await disconnectApp(ctx, params.clientId);
    return reply.noContent();
  },
);
