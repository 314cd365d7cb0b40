import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { redeliver } from '@/lib/domain/webhooks/deliveries';
import { webhookId } from '@/lib/domain/webhooks/input';
import { myOwner } from '@/lib/domain/webhooks/owner';
import { MY_WRITE } from '@/lib/domain/webhooks/scopes';
import { WebhookDelivery } from '@/lib/domain/webhooks/schemas';

// POST /api/v37/my/webhook/{id}/delivery/{deliveryId}/redeliver: send it again now, same webhook-id (202)
export const POST = route(
  {
    summary: 'Send it again now, same webhook-id (202)',
    responses: { 202: WebhookDelivery },
    scopes: MY_WRITE,
    params: z.object({ id: webhookId(), deliveryId: pathId() }),
  },
  async (ctx, { params }) => reply.accepted(await redeliver(ctx, myOwner(ctx), params.id, params.deliveryId)),
);
