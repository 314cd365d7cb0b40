import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId, pathUuid } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { withdrawInvitation } from '@/lib/domain/organizations/invitations';
import { res } from '@/lib/http/responses';

// DELETE /api/v37/organization/{organizationId}/invitation/{invitationId}: withdraw an invitation; its link stops working (ours) -> 204
export const DELETE = route(
  {
    summary: 'Withdraw an invitation; its link stops working (ours) -> 204',
    responses: { 204: res.empty },
    scopes: ['Organization.ReadWrite'],
    params: z.object({ organizationId: pathId(), invitationId: pathUuid() }),
  },
  async (ctx, { params }) => {
    await withdrawInvitation(ctx, params);
    return reply.noContent();
  },
);
