import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { listDeliveries } from '@/lib/domain/webhooks/deliveries';
import { webhookId } from '@/lib/domain/webhooks/input';
import { orgOwner } from '@/lib/domain/webhooks/owner';
import { ORG_READ } from '@/lib/domain/webhooks/scopes';
import { WebhookDelivery } from '@/lib/domain/webhooks/schemas';
import { deliveryQuery } from '@/app/api/v37/my/webhook/delivery-query';

// GET /api/v37/organization/{organizationId}/webhook/{id}/delivery: recent deliveries, newest first, with their attempts
export const GET = route(
  {
    summary: 'Recent deliveries, newest first, with their attempts',
    responses: { 200: z.array(WebhookDelivery) },
    scopes: ORG_READ,
    params: z.object({ organizationId: pathId(), id: webhookId() }),
    query: deliveryQuery,
  },
  async (ctx, { params, query }) => listDeliveries(ctx, await orgOwner(ctx, params.organizationId), params.id, query),
);
