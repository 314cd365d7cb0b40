import { and, asc, desc, eq, or } from 'drizzle-orm';
import { organizationUsers, organizations, users } from '@/db/schema';
import type { Ctx } from '../context';
import { requireOrg } from '../policy/enforce';
import { containsText, pageWindow, type Paging } from './text';

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

/** GET /organization/{id}/user: members of the organization (any member may read the directory). */
export async function listOrganizationUsers(ctx: Ctx, input: { organizationId: number; text?: string } & Partial<Paging>) {
  await requireOrg(ctx, input.organizationId, 'see');
  const { offset, itemsPerPage } = pageWindow(input);
  const text = input.text?.trim();
  const rows = await ctx.db
    .select({
      organizationUserId: organizationUsers.id,
      userId: users.id,
      email: users.email,
      displayName: users.displayName,
      role: organizationUsers.role,
    })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(
      and(
        eq(organizationUsers.organizationId, input.organizationId),
        text ? or(containsText(users.email, text), containsText(users.displayName, text)) : undefined,
      ),
    )
    .orderBy(asc(users.displayName), asc(organizationUsers.id))
    .limit(itemsPerPage)
    .offset(offset);
  return rows.map((r) => ({ ...r, roleName: roleName(r.role) }));
}
