import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { perDb } from '@/db/prepared';
import { deviceAccess, deviceAccessLists, devices, organizationUsers, userGroupMembers } from '@/db/schema';
import { keyStillValidSql } from '@/lib/auth/keys';
import { callerValues, confirmKey, type Ctx } from '../context';
import { NotFound } from '../errors';
import { JsonText } from '../json-text';
import { decideDeviceSecondFactor, may } from '@/lib/shared/policy';
import { deviceSecondFactorOk, requireDevice, secondFactorFactsSql } from '../policy/enforce';
import { candidatesFromJson, candidatesJson, effectiveOf, fullViewOf, Level } from './effective';
import { accessRecords, recordsJsonText, type AccessFilters, type AccessRecord } from './records';
import { logError } from '@/lib/log';

export async function deviceOrg(
  ctx: Ctx,
  deviceId: number,
): Promise<{ organizationId: number | null; timeZone: string }> {
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
export async function listAccess(
  ctx: Ctx,
  input: { deviceId: number } & AccessFilters,
): Promise<AccessRecord[] | JsonText<AccessRecord[]>> {
  if (input.principalId === undefined && input.principalType === undefined && !input.text?.trim())
    return listAllAtOnce(ctx, input.deviceId);
  const acc = await requireDevice(ctx, input.deviceId, 'see');
  const { organizationId } = await deviceOrg(ctx, input.deviceId);
  const text = input.text?.trim() || undefined;
  const filters = { principalId: input.principalId, principalType: input.principalType, text };
  // the full list is a managing read: the organization's second-factor rule covers it
  if (may('share', acc, ctx.now()) && (await deviceSecondFactorOk(ctx, input.deviceId, 'share')))
    return accessRecords(ctx.db, input.deviceId, organizationId, filters);
  return accessRecords(ctx.db, input.deviceId, organizationId, filters, ownerOrMine(ctx.db, ctx.caller.userId));
}

/** What a caller who does not manage the device sees: the owner, and their own and their groups' accesses. */
function ownerOrMine(db: Db, userId: SQL | string): SQL {
  const myGroups = db
    .select({ id: userGroupMembers.groupId })
    .from(userGroupMembers)
    .innerJoin(organizationUsers, eq(organizationUsers.id, userGroupMembers.organizationUserId))
    .where(eq(organizationUsers.userId, userId));
  return or(
    eq(deviceAccess.accessLevel, Level.owner),
    eq(deviceAccess.userId, userId),
    inArray(deviceAccess.groupId, myGroups),
  )!;
}

/**
 * The unfiltered list (the usual call) in one statement: the caller's candidate accesses, the
 * remembered-key check, the facts of the organization's second-factor rule (the full list is a
 * managing read), and the records the caller may see as json text. Who sees everything is decided
 * in SQL by access level (`lv.full`); the schedule part of the rule (an administrator outside their
 * hours sees like a guest) and the second-factor rule are confirmed here; where they differ from
 * `lv.full` (rare), the list is read again the general way.
 *
 * The full list comes from device_access_lists while it is current (db/schema/access.ts), so the
 * usual read builds nothing; otherwise it is built here and stored for the version this statement
 * saw. Postgres evaluates a CASE branch's subquery only when the branch is taken.
 */
function listQuery(db: Db) {
  const ph = sql.placeholder;
  const lv = fullViewOf(db);
  const caller = sql`${ph('userId')}::uuid`;
  const visible = or(sql`"lv"."full"`, ownerOrMine(db, caller));
  const factor = secondFactorFactsSql(caller);
  const current = and(sql`"lv"."full"`, eq(deviceAccessLists.builtVersion, deviceAccessLists.version));
  return db
    .select({
      keyOk: keyStillValidSql(),
      timeZone: devices.timeZone,
      full: lv.full,
      candidates: candidatesJson(db),
      factorRequired: factor.required,
      factorHas: factor.has,
      kept: sql<boolean>`coalesce(${current}, false)`,
      version: sql<string>`coalesce(${deviceAccessLists.version}, 0)::text`, // a bigint, as text both ways
      records: sql<string>`case when ${current} then ${deviceAccessLists.records} else ${recordsJsonText(db, visible!)} end`,
    })
    .from(devices)
    .innerJoinLateral(lv, sql`true`)
    .leftJoin(deviceAccessLists, eq(deviceAccessLists.deviceId, devices.id))
    .where(eq(devices.id, ph('deviceId')))
    .prepare('access_list_visible');
}

const listAll = perDb(listQuery);

function keepQuery(db: Db) {
  const ph = sql.placeholder;
  return db
    .insert(deviceAccessLists)
    .values({
      deviceId: sql`${ph('deviceId')}`,
      version: sql`${ph('version')}`,
      builtVersion: sql`${ph('version')}`,
      records: sql`${ph('records')}`,
    })
    .onConflictDoUpdate({
      target: deviceAccessLists.deviceId,
      set: { records: sql`excluded.records`, builtVersion: sql`excluded.built_version` },
      setWhere: sql`${deviceAccessLists.version} = excluded.version`,
    })
    .prepare('access_list_keep');
}

const keep = perDb(keepQuery);

/** Stores a full list built for `version`; nothing when an access changed since (the version moved on). */
export async function keepAccessList(
  db: Db,
  deviceId: number,
  version: number | string,
  records: string,
): Promise<void> {
  await keep(db).execute({ deviceId, version, records });
}

async function listAllAtOnce(ctx: Ctx, deviceId: number): Promise<AccessRecord[] | JsonText<AccessRecord[]>> {
  const now = ctx.now();
  const [row] = await listAll(ctx.db).execute({ deviceId, ...callerValues(ctx, now) });
  if (!row) throw NotFound('Device');
  confirmKey(ctx, row.keyOk);
  const full =
    may('share', effectiveOf(candidatesFromJson(row.candidates), row.timeZone, now), now) &&
    decideDeviceSecondFactor('share', { required: row.factorRequired, has: row.factorHas }).ok;
  if (full !== row.full) {
    const { organizationId } = await deviceOrg(ctx, deviceId);
    return accessRecords(
      ctx.db,
      deviceId,
      organizationId,
      {},
      full ? undefined : ownerOrMine(ctx.db, ctx.caller.userId),
    );
  }
  if (full && !row.kept) {
    // only a cache: a failure to keep it (the device deleted meanwhile) must not fail the read
    await keepAccessList(ctx.db, deviceId, row.version, row.records).catch((e: unknown) =>
      logError(`access list of device ${deviceId} not kept`, e),
    );
  }
  return new JsonText(row.records);
}
