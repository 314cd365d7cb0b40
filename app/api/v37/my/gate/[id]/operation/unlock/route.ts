import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { openGateAsUser } from '@/lib/domain/devices/gates';
import { res } from '@/lib/http/responses';

// POST /api/v37/my/gate/{id}/operation/unlock: open the gate (an impulse) -> 204 once the external system confirmed;
// 403 not allowed now, 404 unseen, 412 unlinked, 423 disconnected (Tedee's Locked), 408 no confirmation, 409 busy. Scopes as Tedee documents them.
export const POST = route(
  {
    summary:
      'Open the gate (an impulse): 204 once the external system confirmed; 412 unlinked, 423 disconnected, 408 no confirmation',
    responses: { 204: res.empty },
    errors: [408, 412, 423],
    scopes: ['Device.ReadWrite', 'Lock.Operate'],
    rateLimit: 'commands',
    params: z.object({ id: pathId() }),
  },
  async (ctx, { params }) => {
    await openGateAsUser(ctx, params.id);
    return reply.noContent();
  },
);
