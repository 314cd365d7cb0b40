import { and, count, eq, inArray } from 'drizzle-orm';
import { organizationUsers, userGroupMembers, users } from '@/db/schema';
import { revokeWhatTheGroupGave } from '../certificates/reconcile';
import { settleGrantsOfMany } from '../access/grantors';
import { sendPinRemovals } from '../pins/removals';
import type { Ctx } from '../context';
import { audit } from '../audit';
import { decideMembership } from '@/lib/shared/policy';
import { enforceReach, requireOrg } from '../policy/enforce';
import { groupReach, requireDelegable } from '../access/delegation';
import { findGroup, groupDoors, membersOf } from './groups';
import { pageWindow, type Paging } from './text';
import type { MemberResult } from './schemas';

/** Bounded so one request cannot hold a transaction open over an unbounded list. */
export const MAX_MEMBER_IDS = 500;

export type { MemberResult };

const notInOrg = (id: number): MemberResult => ({
  organizationUserId: id,
  success: false,
  error: { code: 'NotOrganizationUser', message: `User ${id} is not a member of this organization.` },
});

const notSelf = (id: number): MemberResult => ({
  organizationUserId: id,
  success: false,
  error: {
    code: 'OwnMembership',
    message:
      'You cannot add yourself to a group (its device accesses would widen your own); ask another administrator.',
  },
});

/** GET .../user-groups/{groupId}/members (Tedee's get-members): one page of members and how many match. */
export async function listMembers(
  ctx: Ctx,
  input: { organizationId: number; groupId: string; text?: string } & Partial<Paging>,
) {
  await requireOrg(ctx, input.organizationId, 'see');
  const group = await findGroup(ctx, input.organizationId, input.groupId);
  const { offset, itemsPerPage } = pageWindow(input);
  const text = input.text?.trim() || undefined;
  const [items, [{ n }]] = await Promise.all([
    membersOf(ctx, group.id, text).limit(itemsPerPage).offset(offset),
    ctx.db.select({ n: count() }).from(membersOf(ctx, group.id, text).as('m')),
  ]);
  return { items, totalCount: n };
}

/**
 * Endpoints 9 and 10. One entry per distinct id acted on or refused, in request order: an id
 * already in the group (add) or not in it (remove) is skipped without an entry; an id that is
 * not a user of this organization is refused (decisions.md). Removing a member ends only what
 * they had through this group: accesses granted to the group stop applying to them, their own
 * direct accesses are untouched.
 */
export async function changeMembers(
  ctx: Ctx,
  input: { organizationId: number; groupId: string; organizationUserIds: number[]; action: 'add' | 'remove' },
): Promise<{ organizationUsers: MemberResult[] }> {
  const me = await requireOrg(ctx, input.organizationId, 'manageGroups');
  const group = await findGroup(ctx, input.organizationId, input.groupId);
  // who is in a group decides who opens its doors: a limited administrator's groups reach only their sites
  await enforceReach(ctx.db, me, await groupDoors(ctx.db, group.id), `the group ${group.name}`);
  const ids = [...new Set(input.organizationUserIds)];
  // a membership gives the group's accesses: added only by someone who holds them now (decideDelegation)
  if (input.action === 'add')
    await requireDelegable(ctx, await groupReach(ctx.db, [group.id]), `add people to ${group.name}`);
  let settledDoors: number[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    // adding oneself is refused (unless already in: then it is skipped like anyone already in)
    const selfIn = !!(
      await tx
        .select()
        .from(userGroupMembers)
        .where(
          and(eq(userGroupMembers.groupId, group.id), eq(userGroupMembers.organizationUserId, me.organizationUserId)),
        )
    ).length;
    const refused = (id: number) => !selfIn && !decideMembership(input.action, id === me.organizationUserId).ok;
    const inOrg = new Set(
      (
        await tx
          .select({ id: organizationUsers.id })
          .from(organizationUsers)
          .where(and(eq(organizationUsers.organizationId, input.organizationId), inArray(organizationUsers.id, ids)))
      ).map((r) => r.id),
    );
    const valid = ids.filter((id) => inOrg.has(id) && !refused(id));
    let acted = new Set<number>();
    if (valid.length && input.action === 'add') {
      const added = await tx
        .insert(userGroupMembers)
        .values(
          valid.map((organizationUserId) => ({ groupId: group.id, organizationUserId, addedBy: ctx.caller.userId })),
        )
        .onConflictDoNothing()
        .returning({ id: userGroupMembers.organizationUserId });
      acted = new Set(added.map((r) => r.id));
    } else if (valid.length) {
      const removed = await tx
        .delete(userGroupMembers)
        .where(and(eq(userGroupMembers.groupId, group.id), inArray(userGroupMembers.organizationUserId, valid)))
        .returning({ id: userGroupMembers.organizationUserId });
      acted = new Set(removed.map((r) => r.id));
      await revokeWhatTheGroupGave(tx, group.id, [...acted], ctx.now());
      // out of the group, they answer no more for what they handed out on its doors beyond what they still hold
      const doors = await groupDoors(tx, group.id);
      const people = acted.size
        ? await tx
            .select({ userId: organizationUsers.userId })
            .from(organizationUsers)
            .where(inArray(organizationUsers.id, [...acted]))
        : [];
      await settleGrantsOfMany(
        tx,
        ctx,
        people.map((p) => p.userId),
        { deviceIds: doors },
      );
      settledDoors = doors;
    }
    if (acted.size) {
      const who = await tx
        .select({ email: users.email })
        .from(organizationUsers)
        .innerJoin(users, eq(users.id, organizationUsers.userId))
        .where(inArray(organizationUsers.id, [...acted]));
      await audit(tx, ctx, {
        action: 'group.members',
        organizationId: input.organizationId,
        target: { type: 'group', id: group.id, name: group.name },
        after: { [input.action === 'add' ? 'added' : 'removed']: who.map((w) => w.email).sort() },
      });
    }
    const out: MemberResult[] = [];
    for (const id of ids) {
      if (!inOrg.has(id)) out.push(notInOrg(id));
      else if (refused(id)) out.push(notSelf(id));
      else if (acted.has(id)) out.push({ organizationUserId: id, success: true, error: null });
    }
    return { organizationUsers: out };
  });
  if (settledDoors.length) await sendPinRemovals(ctx.db, { deviceIds: settledDoors });
  return result;
}
