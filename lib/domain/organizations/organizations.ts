import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { DeviceType } from '@/lib/shared/devices/codes';
import { devices, organizationUsers, organizations, users } from '@/db/schema';
import type { Ctx } from '../context';
import { OrgRole } from '@/lib/shared/policy';
import type { MyOrganization } from './schemas';
import { toWireRole } from '@/lib/shared/organizations/wire-roles';

const ROLE_NAMES = ['member', 'administrator', 'owner'] as const;
/** A stored role's name (0 member, 1 administrator, 2 owner). */
export const roleName = (role: number) => ROLE_NAMES[role] ?? 'member';

/** The icon colours of organizations, as Tedee shows one per organization. */
const COLORS = ['#4f46e5', '#0891b2', '#059669', '#d97706', '#dc2626', '#7c3aed', '#db2777', '#2563eb'];

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => /^\p{L}|^\p{N}/u.test(w))
    .slice(0, 2)
    .map((w) => [...w][0].toUpperCase())
    .join('') || '?';

const slugOf = (name: string, id: number) =>
  `${
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'organization'
  }-${id}`;

/**
 * GET /organization: the organizations the caller belongs to, as Tedee's organization/get-all.rst
 * has them (`{organizations: [...]}`, `organizationRole` in Tedee's numbering, the owner's name,
 * initials, a colour, a slug, the counts of bridges and locks), with ours after them (time zone,
 * organizationUserId, roleName). Highest role first, like the portal header, whose first
 * organization is the current one. No description or logo exists here (null).
 */
export async function listMyOrganizations(ctx: Ctx): Promise<{ organizations: MyOrganization[] }> {
  const count = (types: readonly number[]) =>
    sql<number>`(select count(*)::int from ${devices} d where d.organization_id = ${organizations.id} and d.type in (${sql.join(
      types.map((t) => sql`${t}`),
      sql`, `,
    )}))`;
  const rows = await ctx.db
    .select({
      id: organizations.id,
      name: organizations.name,
      timeZone: organizations.timeZone,
      role: organizationUsers.role,
      organizationUserId: organizationUsers.id,
      siteIds: organizationUsers.siteIds,
      ownerName: sql<string>`coalesce((select coalesce(o.display_name, u.display_name) from ${organizationUsers} o join ${users} u on u.id = o.user_id where o.organization_id = ${organizations.id} and o.role = ${OrgRole.owner} limit 1), '')`,
      bridgesCount: count([DeviceType.bridge]),
      locksCount: count([DeviceType.lockPro, DeviceType.lockGo]),
    })
    .from(organizationUsers)
    .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
    .where(eq(organizationUsers.userId, ctx.caller.userId))
    .orderBy(desc(organizationUsers.role), asc(organizations.id));
  return {
    organizations: rows.map((r) => ({
      id: r.id,
      name: r.name,
      ownerName: r.ownerName,
      description: null,
      logo: null,
      color: COLORS[r.id % COLORS.length],
      initials: initialsOf(r.name),
      slug: slugOf(r.name, r.id),
      bridgesCount: Number(r.bridgesCount),
      locksCount: Number(r.locksCount),
      organizationRole: toWireRole(r.role),
      timeZone: r.timeZone,
      organizationUserId: r.organizationUserId,
      roleName: roleName(r.role),
      siteIds: r.siteIds ?? null,
    })),
  };
}

/** These organizations' ids and names, by id (no ids: nothing read). */
export async function organizationsByIds(db: Db, ids: number[]): Promise<Map<number, { id: number; name: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, ids));
  return new Map(rows.map((o) => [o.id, o]));
}
