import { z } from 'zod';
import { route } from '@/lib/http/route';
import { reply } from '@/lib/http/reply';
import { sendTestEvent } from '@/lib/domain/webhooks/deliveries';
import { webhookId } from '@/lib/domain/webhooks/input';
import { myOwner } from '@/lib/domain/webhooks/owner';
import { MY_WRITE } from '@/lib/domain/webhooks/scopes';
import { WebhookDelivery } from '@/lib/domain/webhooks/schemas';

// POST /api/v37/my/webhook/{id}/test: send a webhook-test event now (202, the delivery with its first attempt)
export const POST = route(
  {
    summary: 'Send a webhook-test event now (202, the delivery with its first attempt)',
    responses: { 202: WebhookDelivery },
    scopes: MY_WRITE,
    params: z.object({ id: webhookId() }),
  },
  async (ctx, { params }) => reply.accepted(await sendTestEvent(ctx, myOwner(ctx), params.id)),
);
