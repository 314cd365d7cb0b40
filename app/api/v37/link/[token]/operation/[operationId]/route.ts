import { z } from 'zod';
import { route } from '@/lib/http/route';
import { getLinkOperation } from '@/lib/domain/accesslinks/open';
import { guestOf, privately } from '../../../guest';
import { LinkOperation } from '@/lib/domain/accesslinks/schemas';

// GET /api/v37/link/{token}/operation/{operationId}: progress and outcome of an opening through this link
export const GET = privately(
  route(
    {
      summary: 'Progress and outcome of an opening through this link',
      responses: { 200: LinkOperation },
      errors: [410],
      scopes: 'public',
      params: z.object({ token: z.string().max(200), operationId: z.guid('operationId must be a UUID') }),
    },
    (ctx, { params, req }) =>
      getLinkOperation(ctx, { token: params.token, operationId: params.operationId, guest: guestOf(req) }),
  ),
);
