import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { openThroughLink } from '@/lib/domain/accesslinks/open';
import { guestOf, privately } from '../../../../guest';
import { LinkOperation } from '@/lib/domain/accesslinks/schemas';

// POST /api/v37/link/{token}/device/{deviceId}/open: open a gate / unlock a lock of the link -> 202 operation
export const POST = privately(
  route(
    {
      summary: 'Open a gate / unlock a lock of the link -> 202 operation',
      responses: { 202: LinkOperation },
      errors: [408, 410, 412, 423, 428],
      scopes: 'public',
      params: z.object({ token: z.string().max(200), deviceId: pathId() }),
    },
    async (ctx, { params, req }) =>
      reply.accepted(
        await openThroughLink(ctx, { token: params.token, deviceId: params.deviceId, guest: guestOf(req) }),
      ),
  ),
);
