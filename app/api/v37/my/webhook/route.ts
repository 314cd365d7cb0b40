import { route } from '@/lib/http/route';
import { reply } from '@/lib/http/reply';
import { createBody } from '@/lib/domain/webhooks/input';
import { myOwner } from '@/lib/domain/webhooks/owner';
import { MY_READ, MY_WRITE } from '@/lib/domain/webhooks/scopes';
import { createWebhook, listWebhooks } from '@/lib/domain/webhooks/subscriptions';
import { z } from 'zod';
import { Webhook, WebhookCreated } from '@/lib/domain/webhooks/schemas';

// GET /api/v37/my/webhook: the caller's webhooks
export const GET = route(
  { summary: "The caller's webhooks", responses: { 200: z.array(Webhook) }, scopes: MY_READ },
  (ctx) => listWebhooks(ctx, myOwner(ctx)),
);

// POST /api/v37/my/webhook: subscribe to events of the devices the caller can see (201, secret shown once)
export const POST = route(
  {
    summary: 'Subscribe to events of the devices the caller can see (201, secret shown once)',
    responses: { 201: WebhookCreated },
    scopes: MY_WRITE,
    body: createBody,
  },
  async (ctx, { body }) => reply.created(await createWebhook(ctx, myOwner(ctx), body)),
);
