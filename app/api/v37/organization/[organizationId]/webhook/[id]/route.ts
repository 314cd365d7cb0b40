import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { updateBody, webhookId } from '@/lib/domain/webhooks/input';
import { orgOwner } from '@/lib/domain/webhooks/owner';
import { ORG_READ, ORG_WRITE } from '@/lib/domain/webhooks/scopes';
import { deleteWebhook, getWebhook, updateWebhook } from '@/lib/domain/webhooks/subscriptions';

const params = z.object({ organizationId: pathId(), id: webhookId() });

// GET /api/v37/organization/{organizationId}/webhook/{id}: one webhook of the organization
export const GET = route({ scopes: ORG_READ, params }, async (ctx, { params }) => getWebhook(ctx, await orgOwner(ctx, params.organizationId), params.id));

// PATCH /api/v37/organization/{organizationId}/webhook/{id}: change url, events or enabled
export const PATCH = route({ scopes: ORG_WRITE, params, body: updateBody }, async (ctx, { params, body }) => updateWebhook(ctx, await orgOwner(ctx, params.organizationId), params.id, body));

// DELETE /api/v37/organization/{organizationId}/webhook/{id}: remove it with its delivery log (204)
export const DELETE = route({ scopes: ORG_WRITE, params }, async (ctx, { params }) => {
  await deleteWebhook(ctx, await orgOwner(ctx, params.organizationId), params.id);
  return reply.noContent();
});
