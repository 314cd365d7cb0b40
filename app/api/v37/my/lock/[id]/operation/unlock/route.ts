import { route } from '@/lib/http/route';
import { reply } from '@/lib/http/reply';
import { operateLock } from '@/lib/domain/devices/operate';
import { modeQuery, params } from '../schema';
import { OperationAccepted } from '@/lib/domain/devices/schemas';

// POST /api/v37/my/lock/{id}/operation/unlock?mode=: 202 {operationId, lastStateChangedDate}; the outcome follows at /my/device/operation/{operationId}
export const POST = route(
  {
    summary:
      'Unlock the lock (mode: 2 force, 3 without pull, 4 unlock or pull): 202; the outcome follows at /my/device/operation/{operationId}',
    responses: { 202: OperationAccepted },
    errors: [408, 428],
    scopes: ['Lock.Operate'],
    rateLimit: 'commands',
    params,
    query: modeQuery,
  },
  async (ctx, { params, query }) =>
    reply.accepted(await operateLock(ctx, { id: params.id, type: 1, mode: query.mode })),
);
