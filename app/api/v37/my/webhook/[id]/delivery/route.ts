import { z } from 'zod';
import { route } from '@/lib/http/route';
import { listDeliveries } from '@/lib/domain/webhooks/deliveries';
import { webhookId } from '@/lib/domain/webhooks/input';
import { myOwner } from '@/lib/domain/webhooks/owner';
import { MY_READ } from '@/lib/domain/webhooks/scopes';
import { WebhookDelivery } from '@/lib/domain/webhooks/schemas';
import { deliveryQuery } from '@/app/api/v37/my/webhook/delivery-query';

// GET /api/v37/my/webhook/{id}/delivery: recent deliveries, newest first, with their attempts
export const GET = route(
  {
    summary: 'Recent deliveries, newest first, with their attempts',
    responses: { 200: z.array(WebhookDelivery) },
    scopes: MY_READ,
    params: z.object({ id: webhookId() }),
    query: deliveryQuery,
  },
  (ctx, { params, query }) => listDeliveries(ctx, myOwner(ctx), params.id, query),
);
