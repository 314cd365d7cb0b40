import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { sendTestEvent } from '@/lib/domain/webhooks/deliveries';
import { webhookId } from '@/lib/domain/webhooks/input';
import { orgOwner } from '@/lib/domain/webhooks/owner';
import { ORG_WRITE } from '@/lib/domain/webhooks/scopes';
import { WebhookDelivery } from '@/lib/domain/webhooks/schemas';

// POST /api/v37/organization/{organizationId}/webhook/{id}/test: send a webhook-test event now (202, the delivery with its first attempt)
export const POST = route(
  {
    summary: 'Send a webhook-test event now (202, the delivery with its first attempt)',
    responses: { 202: WebhookDelivery },
    scopes: ORG_WRITE,
    params: z.object({ organizationId: pathId(), id: webhookId() }),
  },
  async (ctx, { params }) =>
    reply.accepted(await sendTestEvent(ctx, await orgOwner(ctx, params.organizationId), params.id)),
);
