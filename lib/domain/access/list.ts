import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { deviceAccess, devices, organizationUsers, userGroupMembers } from '@/db/schema';
import { keyStillValidSql } from '@/lib/auth/keys';
import { confirmKey, keyCheckValues, type Ctx } from '../context';
import { NotFound } from '../errors';
import { candidateFields, candidatesOf, effectiveOf, Level, requireDeviceAccess, type EffectiveAccess } from './effective';
import { accessRecords, recordsFromJson, recordsJson, type AccessFilters, type AccessRecord } from './records';

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
  if (input.principalId === undefined && input.principalType === undefined && !input.text?.trim()) return listAllAtOnce(ctx, input.deviceId);
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

/** The unfiltered list in one statement: the caller's candidate accesses, the caller's groups, every record. */
function listQuery(db: Db) {
  const acc = candidatesOf(db, devices.id);
  return db
    .select({
      keyOk: keyStillValidSql(),
      timeZone: devices.timeZone,
      acc: candidateFields(acc),
      myGroups: sql<string[]>`array(select ugm.group_id from ${userGroupMembers} ugm join ${organizationUsers} ou on ou.id = ugm.organization_user_id where ou.user_id = ${sql.placeholder('userId')}::uuid)`,
      records: recordsJson(),
    })
    .from(devices)
    .innerJoinLateral(acc, sql`true`)
    .where(eq(devices.id, sql.placeholder('deviceId')))
    .prepare('access_list_visible');
}

const prepared = new WeakMap<Db, ReturnType<typeof listQuery>>();

/** `listAccess` without filters (the usual call), with the same visibility rules, in one round trip. */
async function listAllAtOnce(ctx: Ctx, deviceId: number): Promise<AccessRecord[]> {
  let q = prepared.get(ctx.db);
  if (!q) prepared.set(ctx.db, (q = listQuery(ctx.db)));
  const now = ctx.now();
  const rows = await q.execute({ deviceId, userId: ctx.caller.userId, now: now.toISOString(), ...keyCheckValues(ctx) });
  if (!rows.length) throw NotFound('Device');
  confirmKey(ctx, rows[0].keyOk);
  const acc = effectiveOf(
    rows.map((r) => r.acc),
    rows[0].timeZone,
    now,
  )!;
  const all = recordsFromJson(rows[0].records);
  const full = canManage(acc);
  const myGroups = new Set(rows[0].myGroups);
  return all
    .filter((r) => full || r.accessLevel === Level.owner || r.userId === ctx.caller.userId || (r.groupId !== null && myGroups.has(r.groupId)))
    .map(({ userId: _u, groupId: _g, ...record }) => record);
}
