import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { redeliver } from '@/lib/domain/webhooks/deliveries';
import { webhookId } from '@/lib/domain/webhooks/input';
import { orgOwner } from '@/lib/domain/webhooks/owner';
import { ORG_WRITE } from '@/lib/domain/webhooks/scopes';
import { WebhookDelivery } from '@/lib/domain/webhooks/schemas';

// POST /api/v37/organization/{organizationId}/webhook/{id}/delivery/{deliveryId}/redeliver: send it again now, same webhook-id (202)
export const POST = route(
  {
    summary: 'Send it again now, same webhook-id (202)',
    responses: { 202: WebhookDelivery },
    scopes: ORG_WRITE,
    params: z.object({ organizationId: pathId(), id: webhookId(), deliveryId: pathId() }),
  },
  async (ctx, { params }) =>
    reply.accepted(await redeliver(ctx, await orgOwner(ctx, params.organizationId), params.id, params.deliveryId)),
);
