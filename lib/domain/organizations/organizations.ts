import { asc, desc, eq } from 'drizzle-orm';
import { organizationUsers, organizations } from '@/db/schema';
import type { Ctx } from '../context';

const ROLE_NAMES = ['member', 'administrator', 'owner'] as const;
export const roleName = (role: number) => ROLE_NAMES[role] ?? 'member';

/** GET /organization: the organizations the caller belongs to, with the caller's role in each. */
export async function listMyOrganizations(ctx: Ctx) {
  const rows = await ctx.db
    .select({
      id: organizations.id,
      name: organizations.name,
      timeZone: organizations.timeZone,
      role: organizationUsers.role,
      organizationUserId: organizationUsers.id,
    })
    .from(organizationUsers)
    .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
    .where(eq(organizationUsers.userId, ctx.caller.userId))
    // highest role first, like the portal header, whose first organization is the current one
    .orderBy(desc(organizationUsers.role), asc(organizations.id));
  return rows.map((r) => ({ ...r, roleName: roleName(r.role) }));
}
