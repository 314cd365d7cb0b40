import { and, eq, sql } from 'drizzle-orm';
import { organizations, organizationUsers, passkeys, userTotp } from '@/db/schema';
import type { Ctx } from '../context';
import { OrgRole } from '@/lib/shared/policy';

export { OrgRole };

export interface OrgMembership {
  organizationUserId: number;
  role: number;
  /** the organization requires a second factor of administrators */
  requireSecondFactor: boolean;
  /** the caller's account has a second factor (a confirmed TOTP app or a passkey) */
  hasSecondFactor: boolean;
  /** the sites the caller's administration is limited to; null: the whole organization (issue 35) */
  siteIds: number[] | null;
}

/** The caller's membership in the organization, or null. Who may do what: the policy (requireOrg). */
export async function orgMembership(ctx: Ctx, organizationId: number): Promise<OrgMembership | null> {
  const [m] = await ctx.db
    .select({
      organizationUserId: organizationUsers.id,
      role: organizationUsers.role,
      siteIds: organizationUsers.siteIds,
      requireSecondFactor: organizations.requireSecondFactor,
      hasSecondFactor: sql<boolean>`(exists (select 1 from ${userTotp} where ${userTotp.userId} = ${organizationUsers.userId} and ${userTotp.confirmedAt} is not null)
        or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${organizationUsers.userId}))`,
    })
    .from(organizationUsers)
    .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.userId, ctx.caller.userId)))
    .limit(1);
  return m ? { ...m, hasSecondFactor: Boolean(m.hasSecondFactor) } : null;
}
