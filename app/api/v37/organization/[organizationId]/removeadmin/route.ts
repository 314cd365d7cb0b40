import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId, qBool } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { removeAdmin } from '@/lib/domain/organizations/role-change';
import { res } from '@/lib/http/responses';
import { roleChangeBody } from '../role-body';

// PUT /api/v37/organization/{organizationId}/removeadmin: the owner makes an administrator a member (Tedee's remove admin
// role) -> 200 without a result, as organizationusers/remove-admin.rst has it
export const PUT = route(
  {
    summary: "The owner makes an administrator a member (Tedee's remove admin role) -> 200 without a result",
    responses: { 200: res.noResult },
    scopes: ['Organization.ReadWrite'],
    params: z.object({ organizationId: pathId() }),
    // keepGrants=true: what they handed out as an administrator stays, answered for by the owner (default: it ends)
    query: z.object({ keepGrants: qBool().optional() }),
    body: roleChangeBody,
  },
  async (ctx, { params, body, query }) => {
    await removeAdmin(ctx, {
      organizationId: params.organizationId,
      organizationUserId: body.organizationUserId,
      keepGrants: query.keepGrants,
    });
    return reply.okEmpty();
  },
);
