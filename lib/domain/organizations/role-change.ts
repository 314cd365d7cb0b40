import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { organizationUsers, users } from '@/db/schema';
import { requireRecentSignIn } from '../account/security';
import type { Ctx } from '../context';
import { audit } from '../audit';
import { NotFound } from '../errors';
import { OrgRole, type PeopleVerb } from '@/lib/shared/policy';
import { enforcePeople, factorOf } from '../policy/enforce';
import { orgMembership } from './roles';
import { settleGrantsOf } from '../access/grantors';
import { sendPinRemovals } from '../pins/removals';

/**
 * Roles in the organization (Tedee's assign-admin and remove-admin, and our transfer of
 * ownership). Each runs in one transaction that locks the rows it decides on (the caller's and
 * the target's), so a concurrent change cannot slip between the decision and the write; the
 * unique index `org_users_one_owner_uq` holds "at most one owner", and no verb leaves none.
 */

interface Locked {
  me: { id: number; role: number };
  target: { id: number; role: number; userId: string };
}

/** The caller's and the target's memberships, locked for the transaction; 404 when either is missing. */
async function lockPair(tx: Db, ctx: Ctx, organizationId: number, organizationUserId: number): Promise<Locked> {
  const rows = await tx
    .select({ id: organizationUsers.id, role: organizationUsers.role, userId: organizationUsers.userId })
    .from(organizationUsers)
    .where(
      and(
        eq(organizationUsers.organizationId, organizationId),
        sql`(${organizationUsers.userId} = ${ctx.caller.userId} or ${inArray(organizationUsers.id, [organizationUserId])})`,
      ),
    )
    .orderBy(organizationUsers.id)
    .for('update');
  const me = rows.find((r) => r.userId === ctx.caller.userId);
  if (!me) throw NotFound('Organization');
  const target = rows.find((r) => r.id === organizationUserId);
  if (!target) throw NotFound('Organization user');
  return { me, target };
}

const ROLE_WORDS: Record<number, string> = { 0: 'member', 1: 'administrator', 2: 'owner' };

async function decided(
  ctx: Ctx,
  verb: PeopleVerb,
  organizationId: number,
  organizationUserId: number,
  write: (tx: Db, l: Locked) => Promise<void>,
) {
  const factor = factorOf(await orgMembership(ctx, organizationId));
  await ctx.db.transaction(async (tx) => {
    const l = await lockPair(tx, ctx, organizationId, organizationUserId);
    enforcePeople({
      verb,
      actor: l.me.role,
      target: { role: l.target.role, self: l.me.id === l.target.id },
      factor,
    });
    await write(tx, l);
    const [after] = await tx
      .select({ role: organizationUsers.role, email: users.email })
      .from(organizationUsers)
      .innerJoin(users, eq(users.id, organizationUsers.userId))
      .where(eq(organizationUsers.id, l.target.id));
    await audit(tx, ctx, {
      action: 'member.role',
      organizationId,
      target: { type: 'person', id: l.target.id, name: after?.email ?? '' },
      before: { role: ROLE_WORDS[l.target.role] },
      after: { role: ROLE_WORDS[after?.role ?? l.target.role] },
    });
  });
  // PINs a lost role ended come off their locks now (queued in the transaction)
  await sendPinRemovals(ctx.db, { organizationId });
}

/** PUT /organization/{id}/assignadmin: the owner makes a member an administrator. */
export function assignAdmin(ctx: Ctx, input: { organizationId: number; organizationUserId: number }) {
  return decided(ctx, 'assignAdmin', input.organizationId, input.organizationUserId, async (tx, { target }) => {
    await tx.update(organizationUsers).set({ role: OrgRole.administrator }).where(eq(organizationUsers.id, target.id));
  });
}

/**
 * PUT /organization/{id}/removeadmin: the owner makes an administrator a member again. What they
 * handed out as an administrator (links, group memberships, invitations) ends with the role,
 * unless the owner keeps it (`keepGrants`) and answers for it.
 */
export function removeAdmin(
  ctx: Ctx,
  input: { organizationId: number; organizationUserId: number; keepGrants?: boolean },
) {
  return decided(ctx, 'removeAdmin', input.organizationId, input.organizationUserId, async (tx, { target }) => {
    await tx.update(organizationUsers).set({ role: OrgRole.member }).where(eq(organizationUsers.id, target.id));
    await settleGrantsOf(
      tx,
      ctx,
      target.userId,
      { organizationId: input.organizationId },
      { keep: input.keepGrants, organizationId: input.organizationId, who: String(target.id) },
    );
  });
}

/**
 * POST /organization/{id}/transferownership: the owner hands ownership to an administrator and
 * becomes an administrator. A portal session must have proven its password within 10 minutes
 * (the confirmation); a key needed one to be created.
 */
export function transferOwnership(ctx: Ctx, input: { organizationId: number; organizationUserId: number }) {
  return decided(
    ctx,
    'transferOwnership',
    input.organizationId,
    input.organizationUserId,
    async (tx, { me, target }) => {
      requireRecentSignIn(ctx);
      // demote first: the one-owner index would refuse two owners even inside the transaction
      await tx.update(organizationUsers).set({ role: OrgRole.administrator }).where(eq(organizationUsers.id, me.id));
      await tx.update(organizationUsers).set({ role: OrgRole.owner }).where(eq(organizationUsers.id, target.id));
    },
  );
}
