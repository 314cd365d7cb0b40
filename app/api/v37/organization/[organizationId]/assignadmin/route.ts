import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { assignAdmin } from '@/lib/domain/organizations/role-change';
import { res } from '@/lib/http/responses';
import { roleChangeBody } from '../role-body';

// PUT /api/v37/organization/{organizationId}/assignadmin: the owner makes a member an administrator (Tedee's assign admin role) -> 204
export const PUT = route(
  {
    summary: "The owner makes a member an administrator (Tedee's assign admin role) -> 204",
    responses: { 204: res.empty },
    scopes: ['Organization.ReadWrite'],
    params: z.object({ organizationId: pathId() }),
    body: roleChangeBody,
  },
  async (ctx, { params, body }) => {
    await assignAdmin(ctx, { organizationId: params.organizationId, organizationUserId: body.organizationUserId });
    return reply.noContent();
  },
);
