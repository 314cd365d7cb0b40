import { z } from 'zod';
import { removeBridge } from '@/lib/domain/devices/bridges-manage';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';

// DELETE /api/v37/organization/{organizationId}/bridge/{bridgeId}: remove a bridge (ours): its callback is removed
// from it first; its locks stay, unpaired. 204.
export const DELETE = route(
  {
    summary: 'Remove a bridge: its callback first; its locks stay, unpaired (ours)',
    responses: { 204: { kind: 'empty' } },
    scopes: ['Organization.ReadWrite'],
    params: z.object({ organizationId: pathId(), bridgeId: pathId() }),
  },
  async (ctx, { params }) => {
    await removeBridge(ctx, params.organizationId, params.bridgeId);
    return reply.noContent();
  },
);
