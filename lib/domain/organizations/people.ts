import { and, count, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { normalizeDisplayName } from '@/lib/auth/email';
import { deviceAccess, devices, organizationUsers, sessions, userGroupMembers, userGroups, users } from '@/db/schema';
import type { Ctx } from '../context';
import { Invalid, NotFound } from '../errors';
import { OrgRole } from '@/lib/shared/policy';
import { enforcePeople, factorOf, requireOrg } from '../policy/enforce';
import { roleName } from './organizations';
import { toWireRole } from '@/lib/shared/organizations/wire-roles';
import { waitingInvitations } from './removal';
import { likePattern, pageWindow, type Paging } from './text';
import type { PersonRow } from './schemas';
import { grantsBeyond, invitationsSentIn } from '../access/grantors';
import { anyInt } from '@/db/arrays';

/**
 * The organization's people (Tedee's organization users): the list with its filters, one
 * person's profile, and the name the organization shows for them. Administrators also see each
 * person's groups, devices and last sign-in; members see the directory only (those are null).
 */

export type PersonStatus = 'active' | 'invited' | 'expired';

export type { PersonRow };

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

export interface ListInput extends Partial<Paging> {
  organizationId: number;
  text?: string;
  /** roles to keep, stored numbering (0 member, 1 administrator, 2 owner; the route maps Tedee's); empty or absent: all */
  userTypes?: number[];
  includePendingUsers?: boolean;
}

/**
 * GET /organization/{id}/user: members by name, then (when asked, and only for administrators:
 * invited addresses are not yet anyone's colleagues) open invitations by name.
 */
export async function listPeople(ctx: Ctx, input: ListInput): Promise<PersonRow[]> {
  const me = await requireOrg(ctx, input.organizationId, 'see');
  const { offset, itemsPerPage } = pageWindow(input);
  const text = input.text?.trim();
  const roles = input.userTypes?.length ? [...new Set(input.userTypes)] : null;
  const roleIn = (col: SQL) => (roles ? sql`and ${anyInt(col, roles)}` : sql``);
  const now = ctx.now().toISOString();
  const members = sql`
    select ou.id as organization_user_id, u.id::text as user_id, u.email, coalesce(ou.display_name, u.display_name) as display_name, ou.role,
           'active' as status, null::text as invitation_id, null::timestamptz as expires_at, 0 as pending
    from organization_users ou join users u on u.id = ou.user_id
    where ou.organization_id = ${input.organizationId} ${roleIn(sql`ou.role`)}
      ${text ? sql`and (u.email ilike ${likePattern(text)} or coalesce(ou.display_name, u.display_name) ilike ${likePattern(text)})` : sql``}`;
  const pending = sql`
    select null::int, null::text, i.email, coalesce(i.name, i.email), i.role,
           case when i.expires_at <= ${now}::timestamptz then 'expired' else 'invited' end, i.id::text, i.expires_at, 1
    from organization_invitations i
    where i.organization_id = ${input.organizationId} and i.accepted_at is null and i.withdrawn_at is null ${roleIn(sql`i.role`)}
      ${text ? sql`and (i.email ilike ${likePattern(text)} or coalesce(i.name, '') ilike ${likePattern(text)})` : sql``}`;
  const rows = rowsOf<Record<string, unknown>>(
    await ctx.db.execute(sql`
      select * from (${members} ${input.includePendingUsers && me.role >= OrgRole.administrator ? sql`union all ${pending}` : sql``}) p
      order by p.pending, p.display_name, p.organization_user_id, p.invitation_id
      limit ${itemsPerPage} offset ${offset}`),
  );
  const people = rows.map((r) => ({
    organizationUserId: r.organization_user_id === null ? null : Number(r.organization_user_id),
    userId: (r.user_id as string | null) ?? null,
    email: r.email as string,
    displayName: r.display_name as string,
    role: toWireRole(Number(r.role)),
    roleName: roleName(Number(r.role)),
    status: r.status as PersonStatus,
    invitationId: (r.invitation_id as string | null) ?? null,
    invitationExpiresAt: iso(r.expires_at),
    lastSignInAt: null,
    groups: null,
    deviceCount: null,
  }));
  if (me.role < OrgRole.administrator) return people;
  return withDetails(ctx.db, input.organizationId, people);
}

/** Groups, device counts and last sign-ins of the members in `people`, in three statements. */
async function withDetails(db: Db, organizationId: number, people: PersonRow[]): Promise<PersonRow[]> {
  const ouIds = people.map((p) => p.organizationUserId).filter((x): x is number => x !== null);
  const userIds = people.map((p) => p.userId).filter((x): x is string => x !== null);
  if (!ouIds.length) return people.map((p) => ({ ...p, groups: p.userId ? [] : null }));
  const [groups, signIns, counts] = await Promise.all([
    db
      .select({ ouId: userGroupMembers.organizationUserId, id: userGroups.id, name: userGroups.name })
      .from(userGroupMembers)
      .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
      .where(inArray(userGroupMembers.organizationUserId, ouIds))
      .orderBy(userGroups.name),
    db
      .select({ userId: sessions.userId, at: max(sessions.created) })
      .from(sessions)
      .where(inArray(sessions.userId, userIds))
      .groupBy(sessions.userId),
    deviceCounts(db, organizationId, ouIds),
  ]);
  return people.map((p) => {
    if (p.organizationUserId === null) return p;
    return {
      ...p,
      groups: groups.filter((g) => g.ouId === p.organizationUserId).map(({ id, name }) => ({ id, name })),
      lastSignInAt: iso(signIns.find((s) => s.userId === p.userId)?.at ?? null),
      deviceCount: counts.get(p.organizationUserId) ?? 0,
    };
  });
}

/** Per member: how many of the organization's devices they have an access to, directly or through its groups. */
async function deviceCounts(db: Db, organizationId: number, ouIds: number[]): Promise<Map<number, number>> {
  const rows = rowsOf<{ id: number; n: number }>(
    await db.execute(sql`
      select ou.id, count(distinct d.id)::int as n
      from organization_users ou
      join ${devices} d on d.organization_id = ${organizationId}
      where ${anyInt(sql`ou.id`, ouIds)} and exists (
        select 1 from ${deviceAccess} a where a.device_id = d.id and (
          a.user_id = ou.user_id
          or a.group_id in (select m.group_id from user_group_members m where m.organization_user_id = ou.id)))
      group by ou.id`),
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}

/** A member of this organization by organizationUserId, or 404 (ids of other organizations cannot be probed). */
export async function findPerson(db: Db, organizationId: number, organizationUserId: number) {
  const [p] = await db
    .select({
      id: organizationUsers.id,
      userId: organizationUsers.userId,
      role: organizationUsers.role,
      siteIds: organizationUsers.siteIds,
      numId: users.numId,
      displayName: sql<string>`coalesce(${organizationUsers.displayName}, ${users.displayName})`,
      email: users.email,
    })
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(and(eq(organizationUsers.id, organizationUserId), eq(organizationUsers.organizationId, organizationId)))
    .limit(1);
  if (!p) throw NotFound('Organization user');
  return p;
}

/**
 * What removing this person ends: their direct accesses to the organization's devices, their
 * groups, the devices they would lose, and the device invitations to their address still waiting
 * on the organization's devices (withdrawn with them, lib/domain/organizations/removal.ts).
 */
export async function removalCounts(
  db: Db,
  organizationId: number,
  person: { id: number; userId: string; email: string },
) {
  const [direct] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from ${deviceAccess} a join ${devices} d on d.id = a.device_id where d.organization_id = ${organizationId} and a.user_id = ${person.userId}`,
    ),
  );
  const [groups] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from user_group_members where organization_user_id = ${person.id}`),
  );
  const devicesLost = (await deviceCounts(db, organizationId, [person.id])).get(person.id) ?? 0;
  const [waiting] = await db
    .select({ n: count() })
    .from(deviceAccess)
    .where(waitingInvitations(db, organizationId, person.email));
  // leaving, they hold nothing here: every grant they made in the organization is beyond them
  const grants = await grantsBeyond(db, person.userId, { organizationId }, new Date(), { powerless: true });
  return {
    deviceAccesses: Number(direct?.n ?? 0),
    groups: Number(groups?.n ?? 0),
    devices: devicesLost,
    invitations: Number(waiting?.n ?? 0),
    invitationsSent: await invitationsSentIn(db, person.userId, organizationId),
    grantsMade: grants.map((g) => ({ kind: g.kind, name: g.name, deviceId: g.deviceId })),
  };
}

/**
 * GET /organization/{id}/user/{organizationUserId}: one member. Administrators (and the person
 * themselves) also get `removal`: what removing them would end, for the confirmation.
 */
export async function getPerson(ctx: Ctx, input: { organizationId: number; organizationUserId: number }) {
  const me = await requireOrg(ctx, input.organizationId, 'see');
  const p = await findPerson(ctx.db, input.organizationId, input.organizationUserId);
  const self = p.id === me.organizationUserId;
  const [row] = rowsOf<Record<string, unknown>>(
    await ctx.db.execute(sql`select created from organization_users where id = ${p.id}`),
  );
  const base: PersonRow = {
    organizationUserId: p.id,
    userId: p.userId,
    email: p.email,
    displayName: p.displayName,
    role: toWireRole(p.role),
    roleName: roleName(p.role),
    status: 'active',
    invitationId: null,
    invitationExpiresAt: null,
    lastSignInAt: null,
    groups: null,
    deviceCount: null,
  };
  const joined = iso(row?.created);
  const siteIds = p.siteIds ?? null;
  if (me.role < OrgRole.administrator && !self)
    return { ...base, joinedAt: joined, siteIds, removal: null, demotion: null };
  const [detailed] = await withDetails(ctx.db, input.organizationId, [base]);
  // an administrator's page, for the owner (who alone lowers roles): what making them a member ends
  const demotion =
    p.role === OrgRole.administrator && me.role === OrgRole.owner
      ? {
          grantsMade: (
            await grantsBeyond(ctx.db, p.userId, { organizationId: input.organizationId }, new Date(), {
              asRole: OrgRole.member,
            })
          ).map((g) => ({ kind: g.kind, name: g.name, deviceId: g.deviceId })),
        }
      : null;
  return {
    ...detailed,
    joinedAt: joined,
    siteIds,
    removal: await removalCounts(ctx.db, input.organizationId, p),
    demotion,
  };
}

/**
 * PUT /organization/{id}/user/byorganizationuserid/{organizationUserId}: the name this
 * organization shows for the person (their account's own name elsewhere is untouched).
 */
export async function renamePerson(
  ctx: Ctx,
  input: { organizationId: number; organizationUserId: number; displayName: string },
) {
  const me = await requireOrg(ctx, input.organizationId, 'see');
  const p = await findPerson(ctx.db, input.organizationId, input.organizationUserId);
  enforcePeople({
    verb: 'rename',
    actor: me.role,
    target: { role: p.role, self: p.id === me.organizationUserId },
    factor: factorOf(me),
  });
  const n = normalizeDisplayName(input.displayName);
  if (!n.ok) throw Invalid(n.message);
  const displayName = n.value;
  await ctx.db.update(organizationUsers).set({ displayName }).where(eq(organizationUsers.id, p.id));
  return getPerson(ctx, input);
}
