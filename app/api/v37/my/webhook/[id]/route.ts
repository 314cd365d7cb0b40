import { z } from 'zod';
import { route } from '@/lib/http/route';
import { reply } from '@/lib/http/reply';
import { updateBody, webhookId } from '@/lib/domain/webhooks/input';
import { myOwner } from '@/lib/domain/webhooks/owner';
import { MY_READ, MY_WRITE } from '@/lib/domain/webhooks/scopes';
import { deleteWebhook, getWebhook, updateWebhook } from '@/lib/domain/webhooks/subscriptions';
import { res } from '@/lib/http/responses';
import { Webhook } from '@/lib/domain/webhooks/schemas';

const params = z.object({ id: webhookId() });

// GET /api/v37/my/webhook/{id}: one of the caller's webhooks
export const GET = route(
  { summary: "One of the caller's webhooks", responses: { 200: Webhook }, scopes: MY_READ, params },
  (ctx, { params }) => getWebhook(ctx, myOwner(ctx), params.id),
);

// PATCH /api/v37/my/webhook/{id}: change url, events or enabled
export const PATCH = route(
  { summary: 'Change url, events or enabled', responses: { 200: Webhook }, scopes: MY_WRITE, params, body: updateBody },
  (ctx, { params, body }) => updateWebhook(ctx, myOwner(ctx), params.id, body),
);

// DELETE /api/v37/my/webhook/{id}: remove it with its delivery log (204)
export const DELETE = route(
  { summary: 'Remove it with its delivery log (204)', responses: { 204: res.empty }, scopes: MY_WRITE, params },
  async (ctx, { params }) => {
    await deleteWebhook(ctx, myOwner(ctx), params.id);
    return reply.noContent();
  },
);
