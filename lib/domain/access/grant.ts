import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { deviceAccess, organizationUsers, userGroupMembers, userGroups, users } from '@/db/schema';
import { isEmailAddress, normalizeEmail } from '@/lib/auth/email';
import type { Ctx } from '../context';
import { audit } from '../audit';
import { accessFacts } from './facts';
import { Invalid } from '../errors';
import { requireDevice } from '../policy/enforce';
import { Level, type EffectiveAccess } from './effective';
import { shareMail } from './invite';
import { deviceOrg } from './list';
import { requireDelegable } from './delegation';
import { accessPower } from '@/lib/shared/policy';
import { alreadyHasAccess, checkAccessChange, checkGrantLevel, checkSchedule, type ScheduleInput } from './rules';
import { isUniqueViolation } from '@/db/errors';
import type { GrantResult } from './schemas';

export interface GrantInput extends ScheduleInput {
  principalType: number;
  userEmail?: string | null;
  principalId?: string | null;
  accessLevel: number;
  remoteAccessDisabled: boolean;
}

export type { GrantResult } from './schemas';

/** Owners and administrators share a device, and only while their own access is active (the policy's `share`). */
export const requireManager = (ctx: Ctx, deviceId: number, doing: string): Promise<EffectiveAccess> =>
  requireDevice(ctx, deviceId, 'share', { doing });

/** Whether the caller is a member of the group (its accesses are part of the caller's own). */
export async function callerInGroup(ctx: Ctx, groupId: string): Promise<boolean> {
  const [m] = await ctx.db
    .select({ groupId: userGroupMembers.groupId })
    .from(userGroupMembers)
    .innerJoin(organizationUsers, eq(organizationUsers.id, userGroupMembers.organizationUserId))
    .where(and(eq(userGroupMembers.groupId, groupId), eq(organizationUsers.userId, ctx.caller.userId)))
    .limit(1);
  return !!m;
}

/** POST /my/device/{deviceId}/access: grant a user (by e-mail, pending without an account) or a group. */
export async function grantAccess(ctx: Ctx, deviceId: number, input: GrantInput): Promise<GrantResult> {
  const me = await requireManager(ctx, deviceId, 'share it');
  checkGrantLevel(input.accessLevel);
  const schedule = checkSchedule(input);
  const row = {
    deviceId,
    accessLevel: input.accessLevel,
    remoteAccessDisabled: input.remoteAccessDisabled,
    ...schedule,
    createdBy: ctx.caller.userId,
  };
  try {
    return input.principalType === 1
      ? await grantGroup(ctx, me, row, input.principalId)
      : await grantUser(ctx, me, row, input.userEmail);
  } catch (e) {
    // a concurrent grant of the same principal lost the race against the unique index
    if (isUniqueViolation(e)) throw alreadyHasAccess();
    throw e;
  }
}

type Row = Omit<typeof deviceAccess.$inferInsert, 'principalType'> & { deviceId: number };

/** Nobody hands out more than they hold (lib/shared/policy decideDelegation): asked after the rules about whom. */
const requireHeld = (ctx: Ctx, row: Row) =>
  requireDelegable(
    ctx,
    [
      {
        deviceId: row.deviceId,
        power: accessPower({
          accessLevel: row.accessLevel,
          remoteAccessDisabled: row.remoteAccessDisabled ?? false,
          startDate: row.startDate ?? null,
          endDate: row.endDate ?? null,
          dayStartTime: row.dayStartTime ?? null,
          dayEndTime: row.dayEndTime ?? null,
          weekDays: row.weekDays ?? null,
        }),
      },
    ],
    'give this access',
  );
const ok = (r: Omit<GrantResult, 'success' | 'error'>): GrantResult => ({ ...r, success: true, error: null });

/**
 * A share with a person by e-mail. Only a verified account counts as "known": it gets the access
 * at once and a notice mail. Any other address (no account, or one never confirmed) gets a pending
 * access and an invitation mail whose token alone turns it into an access (./invite.ts). The row
 * and its mail are written in one transaction.
 */
async function grantUser(
  ctx: Ctx,
  me: EffectiveAccess,
  row: Row,
  rawEmail: string | null | undefined,
): Promise<GrantResult> {
  const email = normalizeEmail(rawEmail ?? '');
  if (!isEmailAddress(email)) throw Invalid('userEmail: enter the e-mail address of the person to share with.');
  const now = ctx.now();
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNotNull(users.emailVerifiedAt)))
    .limit(1);
  if (!user) {
    checkAccessChange(ctx, me, {
      verb: 'grant',
      target: { principal: 'other', isOwner: false },
      level: row.accessLevel,
    });
    const [pending] = await ctx.db
      .select({ id: deviceAccess.id })
      .from(deviceAccess)
      .where(and(eq(deviceAccess.deviceId, row.deviceId), sql`lower(${deviceAccess.pendingEmail}) = ${email}`))
      .limit(1);
    if (pending) throw alreadyHasAccess();
    await requireHeld(ctx, row);
    return ctx.db.transaction(async (tx) => {
      const [a] = await tx
        .insert(deviceAccess)
        .values({ ...row, principalType: 0, pendingEmail: email })
        .returning();
      await shareMail(tx, ctx, { invitation: { accessId: a.id, email } }, now);
      await audit(tx, ctx, {
        action: 'access.grant',
        deviceId: row.deviceId,
        target: { type: 'access', id: a.id, name: email },
        after: { ...accessFacts(a), invited: true },
      });
      return ok({ id: a.id, principalType: 0, principalId: a.id, userEmail: email, displayName: email });
    });
  }
  checkAccessChange(ctx, me, {
    verb: 'grant',
    target: { principal: user.id === ctx.caller.userId ? 'self' : 'other', isOwner: false },
    level: row.accessLevel,
  });
  const [existing] = await ctx.db
    .select({ level: deviceAccess.accessLevel })
    .from(deviceAccess)
    .where(and(eq(deviceAccess.deviceId, row.deviceId), eq(deviceAccess.userId, user.id)))
    .limit(1);
  if (existing?.level === Level.owner)
    throw Invalid('This user is the owner of the device and already has full access.');
  if (existing) throw alreadyHasAccess();
  await requireHeld(ctx, row);
  return ctx.db.transaction(async (tx) => {
    const [a] = await tx
      .insert(deviceAccess)
      .values({ ...row, principalType: 0, userId: user.id })
      .returning();
    await shareMail(tx, ctx, { notice: { accessId: a.id, to: user } }, now);
    await audit(tx, ctx, {
      action: 'access.grant',
      deviceId: row.deviceId,
      target: { type: 'access', id: a.id, name: user.email },
      after: accessFacts(a),
    });
    return ok({
      id: a.id,
      principalType: 0,
      principalId: user.id,
      userEmail: user.email,
      displayName: user.displayName,
    });
  });
}

async function grantGroup(
  ctx: Ctx,
  me: EffectiveAccess,
  row: Row,
  groupId: string | null | undefined,
): Promise<GrantResult> {
  if (!groupId) throw Invalid('principalId: choose the user group to share with.');
  const { organizationId } = await deviceOrg(ctx, row.deviceId);
  const [group] = await ctx.db
    .select()
    .from(userGroups)
    .where(and(eq(userGroups.id, groupId), eq(userGroups.organizationId, organizationId ?? -1)))
    .limit(1);
  if (!group) throw Invalid("principalId: no user group with this id in the device's organization.");
  checkAccessChange(ctx, me, {
    verb: 'grant',
    target: { principal: (await callerInGroup(ctx, group.id)) ? 'myGroup' : 'other', isOwner: false },
    level: row.accessLevel,
  });
  const [existing] = await ctx.db
    .select({ id: deviceAccess.id })
    .from(deviceAccess)
    .where(and(eq(deviceAccess.deviceId, row.deviceId), eq(deviceAccess.groupId, group.id)))
    .limit(1);
  if (existing) throw alreadyHasAccess();
  await requireHeld(ctx, row);
  return ctx.db.transaction(async (tx) => {
    const [a] = await tx
      .insert(deviceAccess)
      .values({ ...row, principalType: 1, groupId: group.id })
      .returning();
    await audit(tx, ctx, {
      action: 'access.grant',
      deviceId: row.deviceId,
      target: { type: 'access', id: a.id, name: `group ${group.name}` },
      after: accessFacts(a),
    });
    return ok({ id: a.id, principalType: 1, principalId: group.id, userEmail: null, displayName: group.name });
  });
}
