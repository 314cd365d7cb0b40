import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { transferOwnership } from '@/lib/domain/organizations/role-change';
import { res } from '@/lib/http/responses';
import { roleChangeBody } from '../role-body';

// POST /api/v37/organization/{organizationId}/transferownership: the owner hands ownership to an administrator (ours; a session proves its password first) -> 204
export const POST = route(
  {
    summary: 'The owner hands ownership to an administrator (ours; a session proves its password first) -> 204',
    responses: { 204: res.empty },
    scopes: ['Organization.ReadWrite'],
    params: z.object({ organizationId: pathId() }),
    body: roleChangeBody,
  },
  async (ctx, { params, body }) => {
    await transferOwnership(ctx, {
      organizationId: params.organizationId,
      organizationUserId: body.organizationUserId,
    });
    return reply.noContent();
  },
);
