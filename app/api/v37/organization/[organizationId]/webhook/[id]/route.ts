import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { updateBody, webhookId } from '@/lib/domain/webhooks/input';
import { orgOwner } from '@/lib/domain/webhooks/owner';
import { ORG_READ, ORG_WRITE } from '@/lib/domain/webhooks/scopes';
import { deleteWebhook, getWebhook, updateWebhook } from '@/lib/domain/webhooks/subscriptions';
import { res } from '@/lib/http/responses';
import { Webhook } from '@/lib/domain/webhooks/schemas';

const params = z.object({ organizationId: pathId(), id: webhookId() });

// GET /api/v37/organization/{organizationId}/webhook/{id}: one webhook of the organization
export const GET = route(
  { summary: 'One webhook of the organization', responses: { 200: Webhook }, scopes: ORG_READ, params },
  async (ctx, { params }) => getWebhook(ctx, await orgOwner(ctx, params.organizationId), params.id),
);

// PATCH /api/v37/organization/{organizationId}/webhook/{id}: change url, events or enabled
export const PATCH = route(
  {
    summary: 'Change url, events or enabled',
    responses: { 200: Webhook },
    scopes: ORG_WRITE,
    params,
    body: updateBody,
  },
  async (ctx, { params, body }) => updateWebhook(ctx, await orgOwner(ctx, params.organizationId), params.id, body),
);

// DELETE /api/v37/organization/{organizationId}/webhook/{id}: remove it with its delivery log (204)
export const DELETE = route(
  { summary: 'Remove it with its delivery log (204)', responses: { 204: res.empty }, scopes: ORG_WRITE, params },
  async (ctx, { params }) => {
    await deleteWebhook(ctx, await orgOwner(ctx, params.organizationId), params.id);
    return reply.noContent();
  },
);
