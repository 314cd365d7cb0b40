import { and, eq } from 'drizzle-orm';
import { organizationUsers } from '@/db/schema';
import type { Ctx } from '../context';
import { Forbidden, NotFound } from '../errors';

export const OrgRole = { member: 0, administrator: 1, owner: 2 } as const;

export interface OrgMembership {
  organizationUserId: number;
  role: number;
}

export async function orgMembership(ctx: Ctx, organizationId: number): Promise<OrgMembership | null> {
  const [m] = await ctx.db
    .select({ organizationUserId: organizationUsers.id, role: organizationUsers.role })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.userId, ctx.caller.userId)))
    .limit(1);
  return m ?? null;
}

/**
 * At least `min` in the organization. Not a member: 404 (the organization cannot be probed).
 * A member below `min`: 403, or 404 when `hideBelow` (the spec's "organization the caller
 * cannot manage answers 404" for access-link writes).
 */
export async function requireOrgRole(ctx: Ctx, organizationId: number, min: number, opts: { hideBelow?: boolean } = {}): Promise<OrgMembership> {
  const m = await orgMembership(ctx, organizationId);
  if (!m || (opts.hideBelow && m.role < min)) throw NotFound('Organization');
  if (m.role < min) throw Forbidden('Only organization administrators can do this.');
  return m;
}
