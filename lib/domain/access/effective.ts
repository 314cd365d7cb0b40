import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { deviceAccess, devices, organizationUsers, userGroupMembers } from '@/db/schema';
import type { Ctx } from '../context';
import { Forbidden, NotFound } from '../errors';
import { isActiveAt, type Schedule } from '../schedule';

export const Level = { guest: 0, administrator: 1, owner: 2, none: 3 } as const;

export interface EffectiveAccess extends Schedule {
  deviceId: number;
  accessId: string;
  accessLevel: number;
  via: 'user' | 'group';
  groupId: string | null;
  remoteAccessDisabled: boolean;
  timeZone: string;
  /** within dates, weekday and daily window right now */
  activeNow: boolean;
}

/**
 * A user's effective access per device: a direct user access wins; otherwise the highest level
 * among the user's groups. Accesses outside their dates (expired, not yet started) give nothing.
 */
export async function effectiveAccess(db: Db, userId: string, now: Date, deviceIds?: number[]): Promise<Map<number, EffectiveAccess>> {
  const myGroups = db
    .select({ id: userGroupMembers.groupId })
    .from(userGroupMembers)
    .innerJoin(organizationUsers, eq(organizationUsers.id, userGroupMembers.organizationUserId))
    .where(eq(organizationUsers.userId, userId));
  const rows = await db
    .select({
      id: deviceAccess.id,
      deviceId: deviceAccess.deviceId,
      userId: deviceAccess.userId,
      groupId: deviceAccess.groupId,
      accessLevel: deviceAccess.accessLevel,
      remoteAccessDisabled: deviceAccess.remoteAccessDisabled,
      startDate: deviceAccess.startDate,
      endDate: deviceAccess.endDate,
      dayStartTime: deviceAccess.dayStartTime,
      dayEndTime: deviceAccess.dayEndTime,
      weekDays: deviceAccess.weekDays,
      timeZone: devices.timeZone,
    })
    .from(deviceAccess)
    .innerJoin(devices, eq(devices.id, deviceAccess.deviceId))
    .where(
      and(
        or(eq(deviceAccess.userId, userId), inArray(deviceAccess.groupId, myGroups)),
        deviceIds ? inArray(deviceAccess.deviceId, deviceIds.length ? deviceIds : [-1]) : sql`true`,
        or(isNull(deviceAccess.startDate), lte(deviceAccess.startDate, now)),
        or(isNull(deviceAccess.endDate), gt(deviceAccess.endDate, now)),
      ),
    );
  const out = new Map<number, EffectiveAccess>();
  for (const r of rows) {
    const candidate: EffectiveAccess = {
      ...r,
      accessId: r.id,
      via: r.userId ? 'user' : 'group',
      activeNow: isActiveAt(r, now, r.timeZone),
    };
    const prev = out.get(r.deviceId);
    if (!prev || better(candidate, prev)) out.set(r.deviceId, candidate);
  }
  return out;
}

function better(a: EffectiveAccess, b: EffectiveAccess): boolean {
  if (a.via !== b.via) return a.via === 'user';
  if (a.accessLevel !== b.accessLevel) return a.accessLevel > b.accessLevel;
  return a.activeNow && !b.activeNow;
}

/** The caller's access to one device, or 404 when the caller cannot see it (ids cannot be probed). */
export async function requireDeviceAccess(ctx: Ctx, deviceId: number): Promise<EffectiveAccess> {
  const acc = (await effectiveAccess(ctx.db, ctx.caller.userId, ctx.now(), [deviceId])).get(deviceId);
  if (!acc) throw NotFound('Device');
  return acc;
}

/** At least `min` (0 guest, 1 administrator, 2 owner) on the device: 404 if unseen, 403 if too low. */
export async function requireDeviceRole(ctx: Ctx, deviceId: number, min: number, action = 'do this'): Promise<EffectiveAccess> {
  const acc = await requireDeviceAccess(ctx, deviceId);
  if (acc.accessLevel < min) {
    const need = min >= Level.owner ? 'the owner' : 'an owner or administrator';
    throw Forbidden(`Only ${need} of this device can ${action}.`);
  }
  return acc;
}
