import { and, eq, inArray, sql } from 'drizzle-orm';
import { toWireRole } from '@/lib/shared/organizations/wire-roles';
import { rowsOf, type Db } from '@/db/client';
import { AccessLevel, deviceAccess, devices, organizationUsers, userGroupMembers } from '@/db/schema';
import { normalizeEmail } from '@/lib/auth/email';
import { ActivityEvent, ActivitySource } from '@/lib/shared/devices/codes';
import { recordActivity } from '../activity/record';
import { reconcileCertificates } from '../certificates/reconcile';
import type { Ctx } from '../context';
import { audit } from '../audit';
import { NotFound } from '../errors';
import { enforcePeople, enforceReach, factorOf } from '../policy/enforce';
import { orgMembership } from './roles';
import { settleGrantsOf } from '../access/grantors';
import { dropFromInvitations } from '../access/invitation-tokens';
import { sendPinRemovals } from '../pins/removals';
import { enqueueWebhookEvent } from '../webhooks/outbox';

/**
 * Taking a person out of the organization (Tedee's remove user), or their leaving it. In ONE
 * transaction: their memberships of the organization's groups, every access they had to the
 * organization's devices (direct, and through those groups), their offline certificates for
 * those devices (revoked, so a phone cannot keep opening the door), an activity entry on each
 * device they lose and a `device-access-changed` webhook event for it, and every device
 * invitation to their address still waiting on one of the organization's devices (withdrawn, its
 * mailed link dead: they could otherwise take it after leaving and open a door the organization
 * closed to them). A device of the organization they owned goes to the organization's owner, so
 * no door is left without one.
 * Their account, their own devices and their accesses elsewhere are untouched.
 */

export interface Removed {
  organizationUserId: number;
  deviceAccesses: number;
  groups: number;
  devices: number;
  certificatesRevoked: number;
}

interface DeviceRow {
  id: number;
  type: number;
  direct_level: number | null;
}

/** The organization's devices this person can use now: directly (with the level) or through its groups. */
async function devicesOf(tx: Db, organizationId: number, ou: { id: number; userId: string }): Promise<DeviceRow[]> {
  return rowsOf<DeviceRow>(
    await tx.execute(sql`
      select d.id, d.type,
        (select a.access_level from device_access a where a.device_id = d.id and a.user_id = ${ou.userId}) as direct_level
      from devices d
      where d.organization_id = ${organizationId} and exists (
        select 1 from device_access a where a.device_id = d.id and (
          a.user_id = ${ou.userId}
          or a.group_id in (select m.group_id from user_group_members m where m.organization_user_id = ${ou.id})))
      order by d.id`),
  );
}

/** A device the leaving person owned: the organization's owner takes it (their own access, if any, is raised). */
async function handOver(tx: Db, deviceId: number, to: string | undefined) {
  if (!to) return;
  const [mine] = await tx
    .select({ id: deviceAccess.id })
    .from(deviceAccess)
    .where(and(eq(deviceAccess.deviceId, deviceId), eq(deviceAccess.userId, to)));
  const owner = {
    accessLevel: AccessLevel.owner,
    remoteAccessDisabled: false,
    startDate: null,
    endDate: null,
    dayStartTime: null,
    dayEndTime: null,
    weekDays: null,
  };
  if (mine) await tx.update(deviceAccess).set(owner).where(eq(deviceAccess.id, mine.id));
  else await tx.insert(deviceAccess).values({ deviceId, principalType: 0, userId: to, ...owner });
}

/** The device invitations to `email` waiting on the organization's devices (pending accesses). */
export const waitingInvitations = (db: Db, organizationId: number, email: string) =>
  and(
    sql`lower(${deviceAccess.pendingEmail}) = ${normalizeEmail(email)}`,
    inArray(
      deviceAccess.deviceId,
      db.select({ id: devices.id }).from(devices).where(eq(devices.organizationId, organizationId)),
    ),
  );

/** Withdraws the invitations to `email` waiting on the organization's devices, and ends their mailed links. */
async function withdrawInvitations(tx: Db, organizationId: number, email: string, now: Date): Promise<number> {
  const gone = await tx
    .delete(deviceAccess)
    .where(waitingInvitations(tx, organizationId, email))
    .returning({ id: deviceAccess.id });
  await dropFromInvitations(
    tx,
    gone.map((g) => g.id),
    email,
    now,
  );
  return gone.length;
}

/**
 * DELETE /organization/{id}/user/byorganizationuserid/{organizationUserId}. The caller's own id
 * is leaving (anyone but the owner); anyone else's is removal (lib/shared/policy decidePeople).
 */
export async function removePerson(
  ctx: Ctx,
  input: { organizationId: number; organizationUserId: number; keepGrants?: boolean },
): Promise<Removed> {
  const now = ctx.now();
  const mine = await orgMembership(ctx, input.organizationId);
  const factor = factorOf(mine);
  const out = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: organizationUsers.id, role: organizationUsers.role, userId: organizationUsers.userId })
      .from(organizationUsers)
      .where(
        and(
          eq(organizationUsers.organizationId, input.organizationId),
          sql`(${organizationUsers.userId} = ${ctx.caller.userId} or ${organizationUsers.id} = ${input.organizationUserId} or ${organizationUsers.role} = 2)`,
        ),
      )
      .orderBy(organizationUsers.id)
      .for('update');
    const me = rows.find((r) => r.userId === ctx.caller.userId);
    if (!me) throw NotFound('Organization');
    const target = rows.find((r) => r.id === input.organizationUserId);
    if (!target) throw NotFound('Organization user');
    const leaving = me.id === target.id;
    enforcePeople({ verb: 'remove', actor: me.role, target: { role: target.role, self: leaving }, factor });

    const [person] = rowsOf<{ num_id: number; name: string; email: string }>(
      await tx.execute(
        sql`select u.num_id, coalesce(ou.display_name, u.display_name) as name, u.email from organization_users ou join users u on u.id = ou.user_id where ou.id = ${target.id}`,
      ),
    );
    const lost = await devicesOf(tx, input.organizationId, target);
    // removing someone ends their way through every door they had here: not past a limited administrator's sites
    if (!leaving && mine)
      await enforceReach(
        tx,
        mine,
        lost.map((d) => d.id),
        `the access of ${person?.name ?? 'this person'}`,
      );
    const groups = await tx
      .select({ groupId: userGroupMembers.groupId })
      .from(userGroupMembers)
      .where(eq(userGroupMembers.organizationUserId, target.id));
    const orgOwner = rows.find((r) => r.role === 2 && r.id !== target.id)?.userId;
    for (const d of lost) if (d.direct_level === AccessLevel.owner) await handOver(tx, d.id, orgOwner);

    const direct = lost.filter((d) => d.direct_level !== null).map((d) => d.id);
    if (direct.length)
      await tx
        .delete(deviceAccess)
        .where(and(eq(deviceAccess.userId, target.userId), inArray(deviceAccess.deviceId, direct)));
    const invitationsWithdrawn = person ? await withdrawInvitations(tx, input.organizationId, person.email, now) : 0;
    // the group memberships go with the membership (foreign key cascade)
    await tx.delete(organizationUsers).where(eq(organizationUsers.id, target.id));
    // what they handed out here ends with them, unless the caller keeps it (and answers for it)
    const settled = await settleGrantsOf(
      tx,
      ctx,
      target.userId,
      { organizationId: input.organizationId },
      { keep: input.keepGrants, organizationId: input.organizationId, who: person?.email ?? '' },
    );
    const certificatesRevoked = await reconcileCertificates(
      tx,
      { userIds: [target.userId], deviceIds: lost.map((d) => d.id) },
      now,
    );

    const event = leaving ? ActivityEvent.leftOrganization : ActivityEvent.removedFromOrganization;
    for (const d of lost) {
      await recordActivity(tx, {
        deviceId: d.id,
        event,
        source: ActivitySource.remote,
        user: { id: target.userId, numId: Number(person?.num_id ?? 0), name: person?.name ?? '' },
        at: now,
      });
      await enqueueWebhookEvent(
        tx,
        'device-access-changed',
        d,
        {
          userId: target.userId,
          organizationUserId: target.id,
          change: leaving ? 'left-organization' : 'removed-from-organization',
          byUserId: ctx.caller.userId,
        },
        now,
      );
    }
    await audit(tx, ctx, {
      action: 'member.remove',
      organizationId: input.organizationId,
      target: { type: 'person', id: target.id, name: person?.email ?? '' },
      before: {
        role: toWireRole(target.role),
        deviceAccesses: direct.length,
        groups: groups.length,
        devices: lost.length,
      },
      after: {
        left: leaving,
        certificatesRevoked,
        invitationsWithdrawn,
        invitationsTheySentEnded: settled.invitationsEnded,
        grantsEnded: settled.ended.length,
        grantsKept: settled.kept.length,
      },
    });
    return {
      organizationUserId: target.id,
      deviceAccesses: direct.length,
      groups: groups.length,
      devices: lost.length,
      certificatesRevoked,
    };
  });
  // the PINs they made here that ended are taken off their locks now (queued in the transaction)
  await sendPinRemovals(ctx.db, { organizationId: input.organizationId });
  return out;
}
