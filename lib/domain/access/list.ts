import { eq, inArray, or } from 'drizzle-orm';
import { deviceAccess, devices, organizationUsers, userGroupMembers } from '@/db/schema';
import type { Ctx } from '../context';
import { NotFound } from '../errors';
import { Level, requireDeviceAccess, type EffectiveAccess } from './effective';
import { accessRecords, type AccessFilters, type AccessRecord } from './records';

/** Owners and administrators whose access is active right now manage the device's sharing. */
export const canManage = (acc: EffectiveAccess) => acc.accessLevel >= Level.administrator && acc.activeNow;

export async function deviceOrg(ctx: Ctx, deviceId: number): Promise<{ organizationId: number | null; timeZone: string }> {
  const [d] = await ctx.db
    .select({ organizationId: devices.organizationId, timeZone: devices.timeZone })
    .from(devices)
    .where(eq(devices.id, deviceId))
    .limit(1);
  if (!d) throw NotFound('Device');
  return d;
}

/**
 * GET /my/device/{deviceId}/access. An active owner or administrator sees every user and group;
 * anyone else who sees the device (a guest, or an access outside its schedule) sees only the
 * owner and their own accesses (direct, and those of groups they belong to).
 */
export async function listAccess(ctx: Ctx, input: { deviceId: number } & AccessFilters): Promise<AccessRecord[]> {
  const acc = await requireDeviceAccess(ctx, input.deviceId);
  const { organizationId } = await deviceOrg(ctx, input.deviceId);
  const text = input.text?.trim() || undefined;
  const filters = { principalId: input.principalId, principalType: input.principalType, text };
  if (canManage(acc)) return accessRecords(ctx.db, input.deviceId, organizationId, filters);
  const myGroups = ctx.db
    .select({ id: userGroupMembers.groupId })
    .from(userGroupMembers)
    .innerJoin(organizationUsers, eq(organizationUsers.id, userGroupMembers.organizationUserId))
    .where(eq(organizationUsers.userId, ctx.caller.userId));
  const mine = or(
    eq(deviceAccess.accessLevel, Level.owner),
    eq(deviceAccess.userId, ctx.caller.userId),
    inArray(deviceAccess.groupId, myGroups),
  );
  return accessRecords(ctx.db, input.deviceId, organizationId, filters, mine);
}
