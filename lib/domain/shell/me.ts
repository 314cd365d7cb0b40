import { asc, desc, eq } from 'drizzle-orm';
import { organizationUsers, organizations, users } from '@/db/schema';
import type { Ctx } from '../context';
import { NotFound } from '../errors';

export interface Me {
  user: { id: string; email: string; displayName: string };
  /** the caller's organizations, highest role first (the first is shown as "current") */
  organizations: Array<{ id: number; name: string; role: number; siteIds: number[] | null }>;
}

/** Who is signed in and which organizations they belong to (for the portal header). */
export async function getMe(ctx: Ctx): Promise<Me> {
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, ctx.caller.userId))
    .limit(1);
  // A session can outlive its account (deleted user): treat as not signed in.
  if (!user) throw NotFound('User');
  const orgs = await ctx.db
    .select({
      id: organizations.id,
      name: organizations.name,
      role: organizationUsers.role,
      siteIds: organizationUsers.siteIds,
    })
    .from(organizationUsers)
    .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
    .where(eq(organizationUsers.userId, user.id))
    .orderBy(desc(organizationUsers.role), asc(organizations.id));
  return { user, organizations: orgs };
}
