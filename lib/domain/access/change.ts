import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { deviceAccess, userGroups, users, type DeviceAccess } from '@/db/schema';
import { audit, changed } from '../audit';
import { accessFacts } from './facts';
import { dropFromInvitations } from './invitation-tokens';
import { groupMemberUserIds, reconcileCertificates } from '../certificates/reconcile';
import type { Ctx } from '../context';
import { NotFound } from '../errors';
import { Level } from './effective';
import { callerInGroup, requireManager } from './grant';
import { accessPower } from '@/lib/shared/policy';
import { enforceGrantChange, grantorOn } from '../policy/enforce';
import { settleGrantsOf, settleGrantsOfMany } from './grantors';
import { sendPinRemovals } from '../pins/removals';
import { checkAccessChange, checkGrantLevel, checkSchedule, type ScheduleInput } from './rules';

export interface UpdateInput extends ScheduleInput {
  accessLevel?: number;
  remoteAccessDisabled?: boolean;
}

/** One access record of the device, or 404. */
export async function findAccess(ctx: Ctx, deviceId: number, accessId: string) {
  const [a] = await ctx.db
    .select()
    .from(deviceAccess)
    .where(and(eq(deviceAccess.id, accessId), eq(deviceAccess.deviceId, deviceId)))
    .limit(1);
  if (!a) throw NotFound('Access');
  return a;
}

/** Whose access a record is, as the policy sees it from the caller. */
async function principalOf(ctx: Ctx, a: DeviceAccess): Promise<'self' | 'myGroup' | 'other'> {
  if (a.userId === ctx.caller.userId) return 'self';
  if (a.groupId && (await callerInGroup(ctx, a.groupId))) return 'myGroup';
  return 'other';
}

/** A record as the target of a change or revocation: whose it is from the caller, and whether it is the owner's. */
async function targetOf(ctx: Ctx, a: DeviceAccess) {
  return { principal: await principalOf(ctx, a), isOwner: a.accessLevel === Level.owner };
}

/** Who an access is for, in words for the audit log: the person's e-mail, the invitation's, or the group's name. */
export async function accessTargetName(
  db: Db,
  a: Pick<DeviceAccess, 'userId' | 'groupId' | 'pendingEmail'>,
): Promise<string> {
  if (a.pendingEmail) return a.pendingEmail;
  if (a.userId) return (await db.select({ n: users.email }).from(users).where(eq(users.id, a.userId)))[0]?.n ?? '';
  if (a.groupId)
    return `group ${(await db.select({ n: userGroups.name }).from(userGroups).where(eq(userGroups.id, a.groupId)))[0]?.n ?? ''}`;
  return '';
}

/** The users whose access this record gives: its user, or the members of its group. */
const holdersOf = async (db: Db, a: DeviceAccess) =>
  a.userId ? [a.userId] : a.groupId ? await groupMemberUserIds(db, a.groupId) : [];

/**
 * After a record changed or went: what its holders handed out on this door beyond what they still
 * hold ends. Its person's grants (unless the caller keeps them, and answers for them), or those of
 * each member of its group.
 */
async function settleHoldersGrants(
  tx: Db,
  ctx: Ctx,
  a: DeviceAccess,
  deviceId: number,
  holders: string[],
  keepGrants: boolean | undefined,
): Promise<void> {
  if (a.userId)
    await settleGrantsOf(
      tx,
      ctx,
      a.userId,
      { deviceIds: [deviceId] },
      { keep: keepGrants, who: await accessTargetName(tx, a) },
    );
  else if (a.groupId) await settleGrantsOfMany(tx, ctx, holders, { deviceIds: [deviceId] });
}

/**
 * PUT /my/device/{deviceId}/access/{accessId}: change level, remote access or schedule. Fields
 * left out keep their value; a schedule field sent as null removes that restriction. Nobody
 * changes their own access or that of a group they are in (lib/shared/policy). Offline
 * certificates the changed access no longer covers are revoked with the change.
 */
export async function updateAccess(
  ctx: Ctx,
  deviceId: number,
  accessId: string,
  input: UpdateInput,
  opts: { keepGrants?: boolean } = {},
): Promise<void> {
  const me = await requireManager(ctx, deviceId, 'change who has access to it');
  const a = await findAccess(ctx, deviceId, accessId);
  if (input.accessLevel !== undefined) checkGrantLevel(input.accessLevel);
  checkAccessChange(ctx, me, {
    verb: 'update',
    target: await targetOf(ctx, a),
    level: input.accessLevel,
  });
  const schedule = checkSchedule(input, a);
  const next = {
    ...schedule,
    accessLevel: input.accessLevel ?? a.accessLevel,
    remoteAccessDisabled: input.remoteAccessDisabled ?? a.remoteAccessDisabled,
  };
  // narrowing is anyone's who may share; widening (or reviving) is held to what the caller holds,
  // and makes them the access's grantor
  const g = (await grantorOn(ctx, [deviceId])).get(deviceId)!;
  const { widens } = enforceGrantChange(g, accessPower(a), accessPower(next), ctx.now(), {
    device: g.device,
    what: 'widen this access',
  });
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(deviceAccess)
      .set(widens ? { ...next, createdBy: ctx.caller.userId } : next)
      .where(eq(deviceAccess.id, a.id));
    const holders = await holdersOf(tx, a);
    await reconcileCertificates(tx, { userIds: holders, deviceIds: [deviceId] }, ctx.now());
    const diff = changed(accessFacts(a), accessFacts({ ...a, ...next }));
    if (diff)
      await audit(tx, ctx, {
        action: 'access.update',
        deviceId,
        target: { type: 'access', id: a.id, name: await accessTargetName(tx, a) },
        ...diff,
      });
    // whoever's access changed answers no more for what they handed out beyond it now (a change
    // may move a window: narrower somewhere, wider elsewhere; a pure widening leaves nothing beyond);
    // a group's access: every member lost (or may have lost) the same power
    await settleHoldersGrants(tx, ctx, a, deviceId, holders, opts.keepGrants);
  });
  await sendPinRemovals(ctx.db, { deviceIds: [deviceId] });
}

/**
 * DELETE /my/device/{deviceId}/access/{accessId}. The owner's access stays. Whoever this
 * narrows (the user, or members of the group) loses the offline certificates their remaining
 * access does not cover, in the same transaction, so a phone cannot keep opening the door.
 */
export async function revokeAccess(
  ctx: Ctx,
  deviceId: number,
  accessId: string,
  opts: { keepGrants?: boolean } = {},
): Promise<void> {
  const me = await requireManager(ctx, deviceId, 'revoke access to it');
  const a = await findAccess(ctx, deviceId, accessId);
  checkAccessChange(ctx, me, {
    verb: 'revoke',
    target: await targetOf(ctx, a),
  });
  await ctx.db.transaction(async (tx) => {
    const affected = await holdersOf(tx, a);
    await tx.delete(deviceAccess).where(eq(deviceAccess.id, a.id));
    // a withdrawn invitation: its mailed link dies with it
    if (a.pendingEmail) await dropFromInvitations(tx, [a.id], a.pendingEmail, ctx.now());
    await reconcileCertificates(tx, { userIds: affected, deviceIds: [deviceId] }, ctx.now());
    await audit(tx, ctx, {
      action: 'access.revoke',
      deviceId,
      target: { type: 'access', id: a.id, name: await accessTargetName(tx, a) },
      before: accessFacts(a),
    });
    // what they handed out on this door ends with their access, unless the caller keeps it (and
    // answers for it); a group's members answer no more for what they handed out beyond what they still hold
    await settleHoldersGrants(tx, ctx, a, deviceId, affected, opts.keepGrants);
  });
  await sendPinRemovals(ctx.db, { deviceIds: [deviceId] });
}
