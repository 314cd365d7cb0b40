import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { createBody } from '@/lib/domain/webhooks/input';
import { orgOwner } from '@/lib/domain/webhooks/owner';
import { ORG_READ, ORG_WRITE } from '@/lib/domain/webhooks/scopes';
import { createWebhook, listWebhooks } from '@/lib/domain/webhooks/subscriptions';
import { Webhook, WebhookCreated } from '@/lib/domain/webhooks/schemas';

const params = z.object({ organizationId: pathId() });

// GET /api/v37/organization/{organizationId}/webhook: the organization's webhooks (administrators)
export const GET = route(
  {
    summary: "The organization's webhooks (administrators)",
    responses: { 200: z.array(Webhook) },
    scopes: ORG_READ,
    params,
  },
  async (ctx, { params }) => listWebhooks(ctx, await orgOwner(ctx, params.organizationId)),
);

// POST /api/v37/organization/{organizationId}/webhook: subscribe to events of its devices (201, secret shown once)
export const POST = route(
  {
    summary: 'Subscribe to events of its devices (201, secret shown once)',
    responses: { 201: WebhookCreated },
    scopes: ORG_WRITE,
    params,
    body: createBody,
  },
  async (ctx, { params, body }) =>
    reply.created(await createWebhook(ctx, await orgOwner(ctx, params.organizationId), body)),
);
