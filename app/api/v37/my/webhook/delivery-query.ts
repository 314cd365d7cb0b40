import { z } from 'zod';
import { qInt } from '@/lib/http/query';
import { DELIVERY_STATUSES } from '@/lib/domain/webhooks/input';

/** The query of a webhook's deliveries, the caller's own and an organization's: a page of them, one status. */
export const deliveryQuery = z.object({
  page: qInt(1).optional(),
  itemsPerPage: qInt(1, 100).optional(),
  status: z.enum(DELIVERY_STATUSES, { error: `must be one of: ${DELIVERY_STATUSES.join(', ')}` }).optional(),
});
