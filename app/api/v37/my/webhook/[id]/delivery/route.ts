import { z } from 'zod';
import { route } from '@/lib/http/route';
import { qInt } from '@/lib/http/query';
import { listDeliveries } from '@/lib/domain/webhooks/deliveries';
import { DELIVERY_STATUSES, webhookId } from '@/lib/domain/webhooks/input';
import { myOwner } from '@/lib/domain/webhooks/owner';
import { MY_READ } from '@/lib/domain/webhooks/scopes';
import { WebhookDelivery } from '@/lib/domain/webhooks/schemas';

const query = z.object({
  page: qInt(1).optional(),
  itemsPerPage: qInt(1, 100).optional(),
  status: z.enum(DELIVERY_STATUSES, { error: `must be one of: ${DELIVERY_STATUSES.join(', ')}` }).optional(),
});

// GET /api/v37/my/webhook/{id}/delivery: recent deliveries, newest first, with their attempts
export const GET = route(
  {
    summary: 'Recent deliveries, newest first, with their attempts',
    responses: { 200: z.array(WebhookDelivery) },
    scopes: MY_READ,
    params: z.object({ id: webhookId() }),
    query,
  },
  (ctx, { params, query }) => listDeliveries(ctx, myOwner(ctx), params.id, query),
);
