import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import {
  accessLinkDevices,
  accessLinks,
  deviceAccess,
  devices,
  lockPins,
  organizationInvitations,
  organizationUsers,
  userGroupMembers,
  userGroups,
  users,
} from '@/db/schema';
import { revokeEmailTokens } from '@/lib/auth/email-tokens';
import { audit } from '../audit';
import { reconcileCertificates, revokeWhatTheGroupGave } from '../certificates/reconcile';
import { invitationOpen } from '../organizations/open-invitations';
import type { Ctx } from '../context';
import { queuePinRemoval } from '../pins/removals';
import {
  accessPower,
  grantStillHeld,
  Level,
  linkPower,
  OrgRole,
  pinPower,
  type GrantPower,
  type Grantor,
} from '@/lib/shared/policy';
import { effectiveAccess } from './effective';
import { dropFromInvitations } from './invitation-tokens';

/**
 * A grant names its grantor; when the grantor loses power (their access revoked or narrowed,
 * their role lowered, removed from the organization), the invitations they sent end at once, and
 * the grants they made that go beyond what they hold afterwards are ended with the change, unless
 * the person confirming it keeps them: what is kept is re-attributed to that person, who answers
 * for it from then on. Both are in the audit log. The preview of such a change (the removal
 * dialog) lists the same grants (`grantsBeyond`, asked inside a transaction that makes the change
 * and rolls back).
 */

export type GrantKind = 'access' | 'pin' | 'link' | 'membership';

export interface GrantMade {
  kind: GrantKind;
  /** the access id, the PIN id, the link id, the group id */
  id: string;
  /** the door it reaches (null: a membership reaching the group's doors) */
  deviceId: number | null;
  /** in words, for the preview and the audit log (never a secret) */
  name: string;
}

/** Where the loss of power applies: some devices, or the organization's devices and objects. */
export interface Scope {
  organizationId?: number | null;
  deviceIds?: number[];
}

const deviceInScope = (column: typeof deviceAccess.deviceId | typeof lockPins.deviceId, s: Scope, db: Db) =>
  s.deviceIds
    ? inArray(column, s.deviceIds.length ? s.deviceIds : [-1])
    : inArray(
        column,
        db
          .select({ id: devices.id })
          .from(devices)
          .where(eq(devices.organizationId, s.organizationId ?? -1)),
      );

/** The grantor, as they stand in `db` now, on each device. */
async function grantorsOf(db: Db, userId: string, deviceIds: number[], now: Date): Promise<Map<number, Grantor>> {
  const out = new Map<number, Grantor>();
  if (!deviceIds.length) return out;
  const access = await effectiveAccess(db, userId, now, deviceIds);
  const rows = await db
    .select({ id: devices.id, organizationId: devices.organizationId, role: organizationUsers.role })
    .from(devices)
    .leftJoin(
      organizationUsers,
      and(eq(organizationUsers.organizationId, devices.organizationId), eq(organizationUsers.userId, userId)),
    )
    .where(inArray(devices.id, deviceIds));
  for (const r of rows)
    out.set(r.id, { access: access.get(r.id), orgRole: r.role ?? null, inOrganization: r.organizationId !== null });
  return out;
}

/** The person's role in the organization now (null: not a member). */
async function roleIn(db: Db, userId: string, organizationId: number | null | undefined): Promise<number | null> {
  if (organizationId == null) return null;
  const [m] = await db
    .select({ role: organizationUsers.role })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.userId, userId)));
  return m?.role ?? null;
}

/**
 * The grants `userId` made in `scope` that go beyond what they hold in `db` now: accesses, PINs,
 * doors they put on links, and group memberships they gave (a membership gives the group's
 * accesses, and is an administrator's act). Pending device invitations are not here: they end
 * whatever they give (`endInvitationsOf`).
 */
export async function grantsBeyond(
  db: Db,
  userId: string,
  scope: Scope,
  now: Date,
  /** powerless: as if they held nothing; asRole: as if their organization role were this one (a preview of lowering it) */
  opts: { powerless?: boolean; asRole?: number } = {},
): Promise<GrantMade[]> {
  const [accesses, pins, links, memberships] = await Promise.all([
    db
      .select()
      .from(deviceAccess)
      .where(
        and(
          eq(deviceAccess.createdBy, userId),
          isNull(deviceAccess.pendingEmail),
          ne(deviceAccess.accessLevel, Level.owner),
          or(isNull(deviceAccess.userId), ne(deviceAccess.userId, userId)),
          deviceInScope(deviceAccess.deviceId, scope, db),
        ),
      ),
    db
      .select()
      .from(lockPins)
      .where(and(eq(lockPins.createdBy, userId), deviceInScope(lockPins.deviceId, scope, db))),
    db
      .select({ link: accessLinks, deviceId: accessLinkDevices.deviceId })
      .from(accessLinkDevices)
      .innerJoin(accessLinks, eq(accessLinks.id, accessLinkDevices.accessLinkId))
      .where(
        and(
          eq(accessLinkDevices.addedBy, userId),
          deviceInScope(accessLinkDevices.deviceId as unknown as typeof deviceAccess.deviceId, scope, db),
        ),
      ),
    scope.organizationId != null
      ? db
          .select({
            groupId: userGroupMembers.groupId,
            groupName: userGroups.name,
            ou: userGroupMembers.organizationUserId,
          })
          .from(userGroupMembers)
          .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
          .where(and(eq(userGroupMembers.addedBy, userId), eq(userGroups.organizationId, scope.organizationId)))
      : Promise.resolve([]),
  ]);
  const groupAccesses = memberships.length
    ? await db
        .select()
        .from(deviceAccess)
        .where(
          inArray(
            deviceAccess.groupId,
            memberships.map((m) => m.groupId),
          ),
        )
    : [];
  const deviceIds = [
    ...new Set([
      ...accesses.map((a) => a.deviceId),
      ...pins.map((p) => p.deviceId),
      ...links.map((l) => l.deviceId),
      ...groupAccesses.map((a) => a.deviceId),
    ]),
  ];
  const grantors = await grantorsOf(db, userId, deviceIds, now);
  const role = opts.asRole ?? (await roleIn(db, userId, scope.organizationId));
  if (opts.asRole !== undefined)
    for (const [id, g] of grantors) if (g.orgRole !== null) grantors.set(id, { ...g, orgRole: opts.asRole });
  const held = (deviceId: number, p: GrantPower) => {
    if (opts.powerless) return false;
    const g = grantors.get(deviceId);
    return !!g && grantStillHeld(g, p, now);
  };
  const out: GrantMade[] = [];
  for (const a of accesses)
    if (!held(a.deviceId, accessPower(a)))
      out.push({ kind: 'access', id: a.id, deviceId: a.deviceId, name: `access ${a.id.slice(0, 8)}` });
  for (const p of pins)
    if (!held(p.deviceId, pinPower(p)))
      out.push({ kind: 'pin', id: String(p.id), deviceId: p.deviceId, name: `PIN ${p.alias}` });
  // links and memberships are an administrator's to give (manageLinks, manageGroups)
  const admin = (orgRole: number | null) => !opts.powerless && orgRole !== null && orgRole >= OrgRole.administrator;
  for (const l of links)
    if (!admin(grantors.get(l.deviceId)?.orgRole ?? null) || !held(l.deviceId, linkPower(l.link)))
      out.push({ kind: 'link', id: l.link.id, deviceId: l.deviceId, name: `link ${l.link.name}` });
  for (const m of memberships) {
    const reach = groupAccesses.filter((a) => a.groupId === m.groupId);
    if (!admin(role) || !reach.every((a) => held(a.deviceId, accessPower(a))))
      out.push({
        kind: 'membership',
        id: `${m.groupId}/${m.ou}`,
        deviceId: null,
        name: `membership of ${m.groupName}`,
      });
  }
  return out;
}

/** The invitations `userId` sent in the organization still waiting (device and organization invitations). */
export async function invitationsSentIn(db: Db, userId: string, organizationId: number): Promise<number> {
  const [d] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deviceAccess)
    .where(
      and(
        eq(deviceAccess.createdBy, userId),
        isNotNull(deviceAccess.pendingEmail),
        deviceInScope(deviceAccess.deviceId, { organizationId }, db),
      ),
    );
  const [o] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.organizationId, organizationId),
        eq(organizationInvitations.invitedBy, userId),
        invitationOpen(),
      ),
    );
  return Number(d?.n ?? 0) + Number(o?.n ?? 0);
}

/**
 * Ends, at once, the invitations `userId` sent in `scope`: device invitations waiting on its
 * devices (their mailed links die) and, for an organization, its invitations they sent. Returns how many.
 */
export async function endInvitationsOf(tx: Db, userId: string, scope: Scope, now: Date): Promise<number> {
  const pending = await tx
    .delete(deviceAccess)
    .where(
      and(
        eq(deviceAccess.createdBy, userId),
        isNotNull(deviceAccess.pendingEmail),
        deviceInScope(deviceAccess.deviceId, scope, tx),
      ),
    )
    .returning({ id: deviceAccess.id, email: deviceAccess.pendingEmail });
  for (const p of pending) await dropFromInvitations(tx, [p.id], p.email!, now);
  let org = 0;
  if (scope.organizationId != null) {
    const gone = await tx
      .update(organizationInvitations)
      .set({ withdrawnAt: now })
      .where(
        and(
          eq(organizationInvitations.organizationId, scope.organizationId),
          eq(organizationInvitations.invitedBy, userId),
          invitationOpen(),
        ),
      )
      .returning({ id: organizationInvitations.id });
    for (const g of gone) await revokeEmailTokens(tx, 'org-invite', { ref: g.id }, now);
    org = gone.length;
  }
  return pending.length + org;
}

export interface Settled {
  invitationsEnded: number;
  ended: GrantMade[];
  kept: GrantMade[];
}

/**
 * After a change that took power from `userId` (in `tx`, already written): their invitations end,
 * and the grants beyond what they now hold end too, or, with `keep`, become the confirming
 * caller's. Both are audited. Call it inside the change's transaction.
 */
export async function settleGrantsOf(
  tx: Db,
  ctx: Ctx,
  userId: string,
  scope: Scope,
  opts: { keep?: boolean; organizationId?: number | null; who: string },
  /** people already settled in this change: a chain (A gave B, B gave C) is followed once through */
  seen: Set<string> = new Set(),
): Promise<Settled> {
  seen.add(userId);
  const now = ctx.now();
  const invitationsEnded = await endInvitationsOf(tx, userId, scope, now);
  const beyond = await grantsBeyond(tx, userId, scope, now);
  const kept = opts.keep ? beyond : [];
  const ended = opts.keep ? [] : beyond;
  const lost: Array<{ userId: string; deviceId: number }> = [];
  for (const g of ended) lost.push(...(await endGrant(tx, g, now)));
  for (const g of kept) await reattribute(tx, g, ctx.caller.userId);
  const entry = (action: 'grant.end' | 'grant.keep', grants: GrantMade[]) =>
    audit(tx, ctx, {
      action,
      ...(opts.organizationId !== undefined
        ? { organizationId: opts.organizationId }
        : { deviceId: scope.deviceIds?.[0] }),
      target: { type: 'person', id: userId, name: opts.who },
      after: {
        grants: grants.map((g) => `${g.name}${g.deviceId ? ` on device ${g.deviceId}` : ''}`),
        invitationsEnded,
      },
    });
  if (ended.length || (invitationsEnded && !kept.length)) await entry('grant.end', ended);
  if (kept.length) await entry('grant.keep', kept);
  // whoever lost an access here lost power in turn: what they handed out on that door follows
  for (const l of lost) {
    if (seen.has(l.userId)) continue;
    const next = await settleGrantsOf(
      tx,
      ctx,
      l.userId,
      { deviceIds: [l.deviceId] },
      { ...opts, organizationId: undefined, who: l.userId },
      seen,
    );
    ended.push(...next.ended);
  }
  return { invitationsEnded, ended, kept };
}

/**
 * Several people lost power on the same doors at once (a group's access to a door ended or
 * narrowed, a group deleted, people taken out of a group): each is settled as one person would be,
 * without keeping (there is no preview of such a change). Only those who handed something out (or
 * sent an invitation) are looked at, so a large group costs one query for the rest.
 */
export async function settleGrantsOfMany(
  tx: Db,
  ctx: Ctx,
  userIds: string[],
  scope: { deviceIds: number[] },
): Promise<GrantMade[]> {
  const ended: GrantMade[] = [];
  if (!userIds.length || !scope.deviceIds.length) return ended;
  const who = [...new Set(userIds)];
  const inScope = (column: typeof deviceAccess.deviceId | typeof lockPins.deviceId) => inArray(column, scope.deviceIds);
  const grantors = await tx
    .select({ u: deviceAccess.createdBy })
    .from(deviceAccess)
    .where(and(inArray(deviceAccess.createdBy, who), inScope(deviceAccess.deviceId)))
    .union(
      tx
        .select({ u: lockPins.createdBy })
        .from(lockPins)
        .where(and(inArray(lockPins.createdBy, who), inScope(lockPins.deviceId))),
    )
    .union(
      tx
        .select({ u: accessLinkDevices.addedBy })
        .from(accessLinkDevices)
        .where(and(inArray(accessLinkDevices.addedBy, who), inArray(accessLinkDevices.deviceId, scope.deviceIds))),
    );
  const names = grantors.length
    ? await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(
          inArray(
            users.id,
            grantors.map((r) => r.u!),
          ),
        )
    : [];
  for (const n of names) ended.push(...(await settleGrantsOf(tx, ctx, n.id, scope, { who: n.email })).ended);
  return ended;
}

/** Ends one grant; the people (and doors) whose access it was. */
async function endGrant(tx: Db, g: GrantMade, now: Date): Promise<Array<{ userId: string; deviceId: number }>> {
  switch (g.kind) {
    case 'access': {
      const [a] = await tx.delete(deviceAccess).where(eq(deviceAccess.id, g.id)).returning();
      if (!a) return [];
      const holders = a.userId
        ? [a.userId]
        : (
            await tx
              .select({ u: organizationUsers.userId })
              .from(userGroupMembers)
              .innerJoin(organizationUsers, eq(organizationUsers.id, userGroupMembers.organizationUserId))
              .where(eq(userGroupMembers.groupId, a.groupId!))
          ).map((r) => r.u);
      await reconcileCertificates(tx, { userIds: holders, deviceIds: [a.deviceId] }, now);
      return holders.map((userId) => ({ userId, deviceId: a.deviceId }));
    }
    case 'pin':
      // ended now in our list; the lock keeps its own copy until it is told (sendPinRemovals after the commit)
      await tx
        .update(lockPins)
        .set({ endDate: now, updated: now })
        .where(eq(lockPins.id, Number(g.id)));
      await queuePinRemoval(tx, g.deviceId!, Number(g.id));
      await tx
        .update(devices)
        .set({ pinListVersion: sql`${devices.pinListVersion} + 1` })
        .where(eq(devices.id, g.deviceId!));
      return [];
    case 'link':
      await tx
        .delete(accessLinkDevices)
        .where(and(eq(accessLinkDevices.accessLinkId, g.id), eq(accessLinkDevices.deviceId, g.deviceId!)));
      return [];
    case 'membership': {
      const [groupId, ou] = g.id.split('/');
      await tx
        .delete(userGroupMembers)
        .where(and(eq(userGroupMembers.groupId, groupId), eq(userGroupMembers.organizationUserId, Number(ou))));
      await revokeWhatTheGroupGave(tx, groupId, [Number(ou)], now);
      const [m] = await tx
        .select({ userId: organizationUsers.userId })
        .from(organizationUsers)
        .where(eq(organizationUsers.id, Number(ou)));
      const doors = await tx
        .select({ d: deviceAccess.deviceId })
        .from(deviceAccess)
        .where(eq(deviceAccess.groupId, groupId));
      return m ? doors.map((x) => ({ userId: m.userId, deviceId: x.d })) : [];
    }
  }
}

async function reattribute(tx: Db, g: GrantMade, to: string) {
  switch (g.kind) {
    case 'access':
      await tx.update(deviceAccess).set({ createdBy: to }).where(eq(deviceAccess.id, g.id));
      return;
    case 'pin':
      await tx
        .update(lockPins)
        .set({ createdBy: to })
        .where(eq(lockPins.id, Number(g.id)));
      return;
    case 'link':
      await tx
        .update(accessLinkDevices)
        .set({ addedBy: to })
        .where(and(eq(accessLinkDevices.accessLinkId, g.id), eq(accessLinkDevices.deviceId, g.deviceId!)));
      return;
    case 'membership': {
      const [groupId, ou] = g.id.split('/');
      await tx
        .update(userGroupMembers)
        .set({ addedBy: to })
        .where(and(eq(userGroupMembers.groupId, groupId), eq(userGroupMembers.organizationUserId, Number(ou))));
      return;
    }
  }
}
