import { route } from '@/lib/http/route';
import { reply } from '@/lib/http/reply';
import { operateLock } from '@/lib/domain/devices/operate';
import { params } from '../schema';

// POST /api/v37/my/lock/{id}/operation/pull: pull the latch (spring); 202 like unlock
export const POST = route({ scopes: ['Lock.Operate'], rateLimit: 'commands', params }, async (ctx, { params }) =>
  reply.accepted(await operateLock(ctx, { id: params.id, type: 2 })),
);
