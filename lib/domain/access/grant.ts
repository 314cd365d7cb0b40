import { and, eq, sql } from 'drizzle-orm';
import { deviceAccess, userGroups, users } from '@/db/schema';
import type { Ctx } from '../context';
import { Forbidden, Invalid } from '../errors';
import { Level, requireDeviceRole, type EffectiveAccess } from './effective';
import { deviceOrg } from './list';
import { alreadyHasAccess, checkGrantLevel, checkSchedule, isUniqueViolation, type ScheduleInput } from './rules';

export interface GrantInput extends ScheduleInput {
  principalType: number;
  userEmail?: string | null;
  principalId?: string | null;
  accessLevel: number;
  remoteAccessDisabled: boolean;
}

/** The flat grant result of api-v37.md (endpoint 1). */
export interface GrantResult {
  id: string;
  principalType: number;
  principalId: string;
  userEmail: string | null;
  displayName: string;
  success: true;
  error: null;
}

/** Owners and administrators share a device, and only while their own access is active. */
export async function requireManager(ctx: Ctx, deviceId: number, action: string): Promise<EffectiveAccess> {
  const me = await requireDeviceRole(ctx, deviceId, Level.administrator, action);
  if (!me.activeNow) throw Forbidden(`Your access to this device is outside its schedule right now, so you cannot ${action}.`);
  return me;
}

/** POST /my/device/{deviceId}/access: grant a user (by e-mail, pending without an account) or a group. */
export async function grantAccess(ctx: Ctx, deviceId: number, input: GrantInput): Promise<GrantResult> {
  const me = await requireManager(ctx, deviceId, 'share it');
  checkGrantLevel(input.accessLevel, me);
  const schedule = checkSchedule(input);
  const row = { deviceId, accessLevel: input.accessLevel, remoteAccessDisabled: input.remoteAccessDisabled, ...schedule, createdBy: ctx.caller.userId };
  try {
    return input.principalType === 1 ? await grantGroup(ctx, row, input.principalId) : await grantUser(ctx, row, input.userEmail);
  } catch (e) {
    // a concurrent grant of the same principal lost the race against the unique index
    if (isUniqueViolation(e)) throw alreadyHasAccess();
    throw e;
  }
}

type Row = Omit<typeof deviceAccess.$inferInsert, 'principalType'> & { deviceId: number };
const ok = (r: Omit<GrantResult, 'success' | 'error'>): GrantResult => ({ ...r, success: true, error: null });

async function grantUser(ctx: Ctx, row: Row, rawEmail: string | null | undefined): Promise<GrantResult> {
  const email = rawEmail?.trim() ?? '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw Invalid('userEmail: enter the e-mail address of the person to share with.');
  const [user] = await ctx.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  if (!user) {
    const [pending] = await ctx.db
      .select({ id: deviceAccess.id })
      .from(deviceAccess)
      .where(and(eq(deviceAccess.deviceId, row.deviceId), sql`lower(${deviceAccess.pendingEmail}) = lower(${email})`))
      .limit(1);
    if (pending) throw alreadyHasAccess();
    const [a] = await ctx.db.insert(deviceAccess).values({ ...row, principalType: 0, pendingEmail: email.toLowerCase() }).returning();
    return ok({ id: a.id, principalType: 0, principalId: a.id, userEmail: a.pendingEmail, displayName: email });
  }
  if (user.id === ctx.caller.userId) throw Invalid('You cannot grant access to yourself.');
  const [existing] = await ctx.db
    .select({ level: deviceAccess.accessLevel })
    .from(deviceAccess)
    .where(and(eq(deviceAccess.deviceId, row.deviceId), eq(deviceAccess.userId, user.id)))
    .limit(1);
  if (existing?.level === Level.owner) throw Invalid('This user is the owner of the device and already has full access.');
  if (existing) throw alreadyHasAccess();
  const [a] = await ctx.db.insert(deviceAccess).values({ ...row, principalType: 0, userId: user.id }).returning();
  return ok({ id: a.id, principalType: 0, principalId: user.id, userEmail: user.email, displayName: user.displayName });
}

async function grantGroup(ctx: Ctx, row: Row, groupId: string | null | undefined): Promise<GrantResult> {
  if (!groupId) throw Invalid('principalId: choose the user group to share with.');
  const { organizationId } = await deviceOrg(ctx, row.deviceId);
  const [group] = await ctx.db
    .select()
    .from(userGroups)
    .where(and(eq(userGroups.id, groupId), eq(userGroups.organizationId, organizationId ?? -1)))
    .limit(1);
  if (!group) throw Invalid("principalId: no user group with this id in the device's organization.");
  const [existing] = await ctx.db
    .select({ id: deviceAccess.id })
    .from(deviceAccess)
    .where(and(eq(deviceAccess.deviceId, row.deviceId), eq(deviceAccess.groupId, group.id)))
    .limit(1);
  if (existing) throw alreadyHasAccess();
  const [a] = await ctx.db.insert(deviceAccess).values({ ...row, principalType: 1, groupId: group.id }).returning();
  return ok({ id: a.id, principalType: 1, principalId: group.id, userEmail: null, displayName: group.name });
}
