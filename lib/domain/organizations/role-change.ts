import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { organizationUsers, sites, users } from '@/db/schema';
import { anyInt } from '@/db/arrays';
import { requireRecentSignIn } from '../account/security';
import type { Ctx } from '../context';
import { audit } from '../audit';
import { Invalid, NotFound } from '../errors';
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
      // the owner reaches every site: a limit the new owner had as an administrator ends here (issue 35)
      await tx
        .update(organizationUsers)
        .set({ role: OrgRole.owner, siteIds: null })
        .where(eq(organizationUsers.id, target.id));
    },
  );
}

/**
 * PUT /organization/{id}/user/{organizationUserId}/sites (issue 35): the owner limits the sites a
 * person's administration reaches (`siteIds`; an empty list reaches none) or lifts the limit
 * (null). Limiting is a loss of power: the invitations the person sent end, and the grants they
 * made on devices outside the sites end too, unless the owner keeps them (`keepGrants`) and
 * answers for them. Setting the same limit again changes nothing (a retried request is safe).
 */
export async function limitSites(
  ctx: Ctx,
  input: { organizationId: number; organizationUserId: number; siteIds: number[] | null; keepGrants?: boolean },
): Promise<{ siteIds: number[] | null }> {
  const factor = factorOf(await orgMembership(ctx, input.organizationId));
  const next = input.siteIds === null ? null : [...new Set(input.siteIds)].sort((a, b) => a - b);
  await ctx.db.transaction(async (tx) => {
    const l = await lockPair(tx, ctx, input.organizationId, input.organizationUserId);
    enforcePeople({
      verb: 'limitSites',
      actor: l.me.role,
      target: { role: l.target.role, self: l.me.id === l.target.id },
      factor,
    });
    const [prev] = await tx
      .select({ siteIds: organizationUsers.siteIds, email: users.email })
      .from(organizationUsers)
      .innerJoin(users, eq(users.id, organizationUsers.userId))
      .where(eq(organizationUsers.id, l.target.id));
    const before = prev?.siteIds ?? null;
    // one read of the sites named before and after: it checks the new ids and names both in the audit
    const named = new Map(
      (
        await tx
          .select({ id: sites.id, name: sites.name })
          .from(sites)
          .where(
            and(eq(sites.organizationId, input.organizationId), anyInt(sites.id, [...(before ?? []), ...(next ?? [])])),
          )
      ).map((s) => [s.id, s.name]),
    );
    const unknown = (next ?? []).filter((id) => !named.has(id));
    if (unknown.length)
      throw Invalid(
        `siteIds: ${unknown.join(', ')} ${unknown.length === 1 ? 'is not a site' : 'are not sites'} of this organization.`,
      );
    if (JSON.stringify(before) === JSON.stringify(next)) return;
    await tx.update(organizationUsers).set({ siteIds: next }).where(eq(organizationUsers.id, l.target.id));
    // a site deleted since the limit was set has no name left: it drops out of the before list
    const namesOf = (ids: number[] | null) => (ids === null ? null : ids.flatMap((id) => named.get(id) ?? []).sort());
    await audit(tx, ctx, {
      action: 'member.sites',
      organizationId: input.organizationId,
      target: { type: 'person', id: l.target.id, name: prev?.email ?? '' },
      before: { sites: namesOf(before) },
      after: { sites: namesOf(next) },
    });
    // a narrower reach (any limit where there was none, or fewer sites) ends what went beyond it
    const widened = next === null || (before !== null && before.every((id) => next.includes(id)));
    if (!widened)
      await settleGrantsOf(
        tx,
        ctx,
        l.target.userId,
        { organizationId: input.organizationId },
        { keep: input.keepGrants, organizationId: input.organizationId, who: String(l.target.id) },
      );
  });
  await sendPinRemovals(ctx.db, { organizationId: input.organizationId });
  return { siteIds: next };
}
