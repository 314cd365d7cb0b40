import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import { deviceAccess, organizationUsers, userGroupMembers, userGroups, users } from '@/db/schema';
import { groupMemberUserIds, reconcileCertificates } from '../certificates/reconcile';
import type { Ctx } from '../context';
import { audit } from '../audit';
import { Conflict, Invalid, NotFound } from '../errors';
import { enforceReach, requireOrg } from '../policy/enforce';
import type { Db } from '@/db/client';
import { containsText, pageWindow, type Paging } from './text';
import { settleGrantsOfMany } from '../access/grantors';
import { sendPinRemovals } from '../pins/removals';
import { invisibleName, showsSomething } from '@/lib/shared/text';

/** A group of this organization, or 404 (also for a group of another organization: ids cannot be probed). */
export async function findGroup(ctx: Ctx, organizationId: number, groupId: string) {
  const [g] = await ctx.db
    .select({ id: userGroups.id, name: userGroups.name })
    .from(userGroups)
    .where(and(eq(userGroups.id, groupId), eq(userGroups.organizationId, organizationId)))
    .limit(1);
  if (!g) throw NotFound('User group');
  return g;
}

/** A group's members as the API names them (the organization's name for them, else their own), by name; `text` a part of the name or e-mail. */
export function membersOf(ctx: Ctx, groupId: string, text?: string) {
  return ctx.db
    .select({
      displayName: sql<string>`coalesce(${organizationUsers.displayName}, ${users.displayName})`,
      email: users.email,
      organizationUserId: organizationUsers.id,
    })
    .from(userGroupMembers)
    .innerJoin(organizationUsers, eq(organizationUsers.id, userGroupMembers.organizationUserId))
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .where(
      and(
        eq(userGroupMembers.groupId, groupId),
        text
          ? or(
              containsText(users.displayName, text),
              containsText(organizationUsers.displayName, text),
              containsText(users.email, text),
            )
          : undefined,
      ),
    )
    .orderBy(asc(sql`coalesce(${organizationUsers.displayName}, ${users.displayName})`), asc(organizationUsers.id))
    .$dynamic();
}

/** Endpoint 7: one group; members only when asked for (else null, as the contract shows). */
export async function getGroup(ctx: Ctx, input: { organizationId: number; groupId: string; includeMembers?: boolean }) {
  await requireOrg(ctx, input.organizationId, 'see');
  const g = await findGroup(ctx, input.organizationId, input.groupId);
  if (!input.includeMembers) return { ...g, members: null };
  return { ...g, members: await membersOf(ctx, g.id) };
}

/** Endpoint 8: groups of the organization by name, paged. */
export async function listGroups(ctx: Ctx, input: { organizationId: number; text?: string } & Partial<Paging>) {
  await requireOrg(ctx, input.organizationId, 'see');
  const { offset, itemsPerPage } = pageWindow(input);
  const text = input.text?.trim();
  return ctx.db
    .select({ id: userGroups.id, name: userGroups.name })
    .from(userGroups)
    .where(
      and(eq(userGroups.organizationId, input.organizationId), text ? containsText(userGroups.name, text) : undefined),
    )
    .orderBy(asc(sql`lower(${userGroups.name})`), asc(userGroups.id))
    .limit(itemsPerPage)
    .offset(offset);
}

function cleanName(name: string): string {
  const n = name.trim();
  if (!n) throw Invalid('name: a group needs a name.');
  if (!showsSomething(n)) throw Invalid(invisibleName('name'));
  if (n.length > 100) throw Invalid('name: at most 100 characters.');
  return n;
}

/** Names are unique per organization regardless of case (unique index); say so instead of a 500. */
async function assertNameFree(ctx: Ctx, organizationId: number, name: string, exceptId?: string) {
  const [clash] = await ctx.db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(
      and(
        eq(userGroups.organizationId, organizationId),
        sql`lower(${userGroups.name}) = lower(${name})`,
        exceptId ? ne(userGroups.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw Conflict(`name: A group named "${name}" already exists in this organization.`);
}

export async function createGroup(ctx: Ctx, input: { organizationId: number; name: string }) {
  await requireOrg(ctx, input.organizationId, 'manageGroups');
  const name = cleanName(input.name);
  await assertNameFree(ctx, input.organizationId, name);
  return ctx.db.transaction(async (tx) => {
    const [g] = await tx
      .insert(userGroups)
      .values({ organizationId: input.organizationId, name })
      .returning({ id: userGroups.id, name: userGroups.name });
    await audit(tx, ctx, {
      action: 'group.create',
      organizationId: input.organizationId,
      target: { type: 'group', id: g.id, name },
      after: { name },
    });
    return g;
  });
}

/** The doors a group's accesses reach. */
export async function groupDoors(db: Db, groupId: string): Promise<number[]> {
  const rows = await db
    .select({ d: deviceAccess.deviceId })
    .from(deviceAccess)
    .where(eq(deviceAccess.groupId, groupId));
  return [...new Set(rows.map((r) => r.d))];
}

export async function renameGroup(ctx: Ctx, input: { organizationId: number; groupId: string; name: string }) {
  const me = await requireOrg(ctx, input.organizationId, 'manageGroups');
  const old = await findGroup(ctx, input.organizationId, input.groupId);
  await enforceReach(ctx.db, me, await groupDoors(ctx.db, old.id), `the group ${old.name}`);
  const name = cleanName(input.name);
  await assertNameFree(ctx, input.organizationId, name, input.groupId);
  return ctx.db.transaction(async (tx) => {
    const [g] = await tx
      .update(userGroups)
      .set({ name })
      .where(eq(userGroups.id, input.groupId))
      .returning({ id: userGroups.id, name: userGroups.name });
    if (old.name !== name)
      await audit(tx, ctx, {
        action: 'group.rename',
        organizationId: input.organizationId,
        target: { type: 'group', id: g.id, name },
        before: { name: old.name },
        after: { name },
      });
    return g;
  });
}

/**
 * Deleting a group ends what it granted: its memberships and the device accesses given to it
 * go with it (foreign keys cascade), and its members' offline certificates that nothing else
 * covers are revoked, in one transaction.
 */
export async function deleteGroup(ctx: Ctx, input: { organizationId: number; groupId: string }) {
  const me = await requireOrg(ctx, input.organizationId, 'manageGroups');
  const group = await findGroup(ctx, input.organizationId, input.groupId);
  await enforceReach(ctx.db, me, await groupDoors(ctx.db, group.id), `the group ${group.name}`);
  let doors: number[] = [];
  await ctx.db.transaction(async (tx) => {
    const members = await groupMemberUserIds(tx, input.groupId);
    await audit(tx, ctx, {
      action: 'group.delete',
      organizationId: input.organizationId,
      target: { type: 'group', id: group.id, name: group.name },
      before: { name: group.name, members: members.length },
    });
    const granted = await tx
      .select({ deviceId: deviceAccess.deviceId })
      .from(deviceAccess)
      .where(eq(deviceAccess.groupId, input.groupId));
    doors = [...new Set(granted.map((g) => g.deviceId))];
    await tx.delete(userGroups).where(eq(userGroups.id, input.groupId));
    await reconcileCertificates(tx, { userIds: members, deviceIds: granted.map((g) => g.deviceId) }, ctx.now());
    // its members answer no more for what they handed out on its doors beyond what they still hold
    await settleGrantsOfMany(tx, ctx, members, { deviceIds: doors });
  });
  await sendPinRemovals(ctx.db, { deviceIds: doors });
}
