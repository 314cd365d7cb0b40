import { route } from '@/lib/http/route';
import { reply } from '@/lib/http/reply';
import { operateLock } from '@/lib/domain/devices/operate';
import { params } from '../schema';
import { OperationAccepted } from '@/lib/domain/devices/schemas';

// POST /api/v37/my/lock/{id}/operation/pull: pull the latch (spring); 202 like unlock
export const POST = route(
  {
    summary: 'Pull the latch (spring): 202 with the operation to follow',
    responses: { 202: OperationAccepted },
    errors: [408, 428],
    scopes: ['Lock.Operate'],
    rateLimit: 'commands',
    params,
  },
  async (ctx, { params }) => reply.accepted(await operateLock(ctx, { id: params.id, type: 2 })),
);
