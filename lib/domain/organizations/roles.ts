import { and, eq } from 'drizzle-orm';
import { organizationUsers } from '@/db/schema';
import type { Ctx } from '../context';
import { OrgRole } from '../policy';

export { OrgRole };

export interface OrgMembership {
  organizationUserId: number;
  role: number;
}

/** The caller's membership in the organization, or null. Who may do what: the policy (requireOrg). */
export async function orgMembership(ctx: Ctx, organizationId: number): Promise<OrgMembership | null> {
  const [m] = await ctx.db
    .select({ organizationUserId: organizationUsers.id, role: organizationUsers.role })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.userId, ctx.caller.userId)))
    .limit(1);
  return m ?? null;
}
