import { route } from '@/lib/http/route';
import { reply } from '@/lib/http/reply';
import { syncAllGates } from '@/lib/domain/devices/gate-sync';
import { res } from '@/lib/http/responses';

// POST /api/v37/my/gate/sync: synchronize every gate of the caller's external account (new ones added, missing ones unlinked) -> 204
export const POST = route(
  {
    summary: "Synchronize every gate of the caller's external account (new ones added, missing ones unlinked) -> 204",
    responses: { 204: res.empty },
    errors: [408, 428],
    scopes: ['Device.ReadWrite'],
  },
  async (ctx) => {
    await syncAllGates(ctx);
    return reply.noContent();
  },
);
