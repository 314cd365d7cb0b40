import { and, desc, eq, gt, inArray, isNull, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '@/db/client';
import { columnsAsJson, jsonValue } from '@/db/json-row';
import { columnsRow } from '@/db/raw-rows';
import { deviceAccess, devices, organizationUsers, userGroupMembers } from '@/db/schema';
import { everyHourOfTheWeek, isActiveAt, type Schedule } from '@/lib/shared/schedule';

import { actionKind, Level, may, type DeviceAction } from '@/lib/shared/policy';
import { anyInt } from '@/db/arrays';

export { Level };

export interface EffectiveAccess extends Schedule {
  deviceId: number;
  accessId: string;
  accessLevel: number;
  via: 'user' | 'group';
  groupId: string | null;
  remoteAccessDisabled: boolean;
  timeZone: string;
  /** the device's name, where the read had it (for the policy's refusals in words) */
  deviceName?: string;
  /** within dates, weekday and daily window right now */
  activeNow: boolean;
  /** the caller's administration is limited to sites of the organization and this device is in none of them */
  outsideSites: boolean;
}

/** The columns of one candidate access (a user's own or one of the user's groups'). */
export const candidateColumns = {
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
};

/** A candidate row with its device's time zone (the schedule is judged there). */
export interface Candidate extends Schedule {
  id: string;
  deviceId: number;
  userId: string | null;
  groupId: string | null;
  accessLevel: number;
  remoteAccessDisabled: boolean;
  timeZone: string;
  deviceName?: string;
  /** see EffectiveAccess.outsideSites (the same for every candidate of one caller on one device) */
  outsideSites: boolean;
}

/**
 * Whether `userId`'s administration is limited to some sites of the device's organization and the
 * device (`deviceId`, by default the candidate row's) is in none of them (issue 35). A device of no
 * organization, or a person whose limit is null, is never outside. Columns are named by hand: the
 * expression sits inside selected fields, where drizzle names columns without their table.
 */
export function outsideSitesSql(
  userId: SQL | Placeholder | string,
  deviceId: SQL = sql`"device_access"."device_id"`,
): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${devices} sd inner join ${organizationUsers} so on so."organization_id" = sd."organization_id"
    where sd."id" = ${deviceId} and so."user_id" = ${userId} and so."site_ids" is not null
      and (sd."site_id" is null or not (sd."site_id" = any(so."site_ids"))))`;
}

/**
 * The accesses that may give `userId` something at `now`: the user's own and those of the user's
 * groups, within their dates (expired or not yet started accesses give nothing). Values may be
 * placeholders, so prepared statements share this one rule.
 */
export function candidateWhere(db: Db, userId: SQL | Placeholder | string, now: SQL | Placeholder | Date): SQL {
  const myGroups = db
    .select({ id: userGroupMembers.groupId })
    .from(userGroupMembers)
    .innerJoin(organizationUsers, eq(organizationUsers.id, userGroupMembers.organizationUserId))
    .where(eq(organizationUsers.userId, userId));
  return and(or(eq(deviceAccess.userId, userId), inArray(deviceAccess.groupId, myGroups)), withinDates(now))!;
}

/**
 * The caller's own access row (`device_access`, with its device joined as `d` and the caller's
 * membership of the device's organization as `ou`) decides a managing action by itself: a user's
 * own access always is the effective one, and one of administrator or owner without a weekly
 * schedule, not outside the caller's sites (and for an action from afar, `fromAfar`, with remote
 * opening allowed or of the owner) passes lib/shared/policy's `decide` while within its dates.
 * Lists of a big organization read such rows in SQL and judge only the other accesses in the
 * process (tests/api/activity-date-scan.test.ts, tests/api/accesslink-manage.test.ts hold the two
 * to the policy).
 */
function plainlyManages(userId: string, o: { fromAfar: boolean }): SQL<boolean> {
  return sql<boolean>`(${deviceAccess.userId} = ${userId} and ${deviceAccess.accessLevel} >= ${Level.administrator}
    and ${deviceAccess.dayStartTime} is null and ${deviceAccess.dayEndTime} is null
    and (${deviceAccess.weekDays} is null or ${deviceAccess.weekDays} = 127)
    ${o.fromAfar ? sql`and (not ${deviceAccess.remoteAccessDisabled} or ${deviceAccess.accessLevel} >= ${Level.owner})` : sql``}
    and not coalesce(ou.site_ids is not null and (d.site_id is null or not (d.site_id = any(ou.site_ids))), false))`;
}

/**
 * The caller's visible devices (`where` narrows them: `d` is the device), each with whether the
 * policy lets the caller do the managing `action` on it now. The caller's own plain access settles
 * it in SQL (plainlyManages); every other access is read and asked of `may` (lib/shared/policy).
 * Lists of a big organization use it: 10,000 small rows, not 10,000 decoded accesses.
 */
export async function visibleMay(
  db: Db,
  userId: string,
  now: Date,
  action: DeviceAction,
  where?: SQL,
): Promise<Array<{ id: number; may: boolean }>> {
  if (!actionKind(action).managing) throw new Error(`visibleMay: ${action} is not a managing action`);
  const seen = await visibleJudged(db, userId, now, [action], where);
  return seen.ids.map((id) => ({ id, may: seen.passes(id, (a) => may(action, a, now)) }));
}

/** The caller's visible devices and, for each, whether a decision of the policy lets the caller act on it now. */
export interface Judged {
  /** the visible devices (a device whose access ended between the two reads is no longer one) */
  ids: number[];
  /**
   * Whether `decision` (a call into lib/shared/policy with the caller's effective access) passes on
   * device `id`. Where the caller's own access is plain for the actions the read was made for, it
   * passes without a decoded access (plainlyManages: every such access passes `decide`).
   */
  passes(id: number, decision: (a: EffectiveAccess) => boolean): boolean;
}

/**
 * visibleMay for several decisions over the same devices (a person page judges sharing, PINs,
 * phones and activity on every door): one read of the plain accesses and one of the others.
 * `actions` are those the decisions ask about; one opened from afar makes a plain access one that
 * allows remote opening too.
 */
export async function visibleJudged(
  db: Db,
  userId: string,
  now: Date,
  actions: readonly DeviceAction[],
  where?: SQL,
): Promise<Judged> {
  const fromAfar = actions.some((a) => actionKind(a).fromAfar);
  const rows = await visibleWithPlain(db, userId, now, plainlyManages(userId, { fromAfar }), where);
  const judged = rows.filter((r) => !r.plain).map((r) => r.id);
  const access = judged.length ? await effectiveAccess(db, userId, now, judged) : new Map<number, EffectiveAccess>();
  const plain = new Set(rows.filter((r) => r.plain).map((r) => r.id));
  return {
    ids: rows.filter((r) => r.plain || access.has(r.id)).map((r) => r.id),
    passes(id, decision) {
      if (plain.has(id)) return true;
      const a = access.get(id);
      return a !== undefined && decision(a);
    },
  };
}

/**
 * The caller's visible devices (`where` narrows them; `d` is the device, `ou` the caller's
 * membership of its organization), each with whether `plain` holds for the caller's own access
 * (see plainlyManages): one small row per device, whatever the number of accesses.
 */
async function visibleWithPlain(
  db: Db,
  userId: string,
  now: Date,
  plain: SQL<boolean>,
  where?: SQL,
): Promise<Array<{ id: number; plain: boolean }>> {
  const rows = rowsOf<{ id: number | string; plain: boolean }>(
    await db.execute(sql`
      select ${deviceAccess.deviceId} as id, bool_or(${plain}) as plain
      from ${deviceAccess}
      join ${devices} d on d.id = ${deviceAccess.deviceId}
      left join ${organizationUsers} ou on ou.organization_id = d.organization_id and ou.user_id = ${userId}
      where ${candidateWhere(db, userId, now)} ${where ? sql`and ${where}` : sql``}
      group by 1`),
  );
  return rows.map((r) => ({ id: Number(r.id), plain: r.plain === true }));
}

/** An access (a `device_access` row) gives something at `now`: started and not yet ended. */
export function withinDates(now: SQL | Placeholder | Date): SQL {
  return and(
    or(isNull(deviceAccess.startDate), lte(deviceAccess.startDate, now)),
    or(isNull(deviceAccess.endDate), gt(deviceAccess.endDate, now)),
  )!;
}

/**
 * The candidates of one device (the outer statement's `deviceId` column) for the placeholders
 * `userId` and `now`: join it LATERAL so one prepared statement reads a device with its access.
 */
export function candidatesOf(db: Db, deviceId: AnyPgColumn) {
  return db
    .select({ ...candidateColumns, outsideSites: outsideSitesSql(sql.placeholder('userId')).as('outside_sites') })
    .from(deviceAccess)
    .where(
      and(eq(deviceAccess.deviceId, deviceId), candidateWhere(db, sql.placeholder('userId'), sql.placeholder('now'))),
    )
    .as('acc');
}

/** The columns of `candidatesOf` for the outer select. */
export function candidateFields(acc: ReturnType<typeof candidatesOf>) {
  return {
    id: acc.id,
    deviceId: acc.deviceId,
    userId: acc.userId,
    groupId: acc.groupId,
    accessLevel: acc.accessLevel,
    remoteAccessDisabled: acc.remoteAccessDisabled,
    startDate: acc.startDate,
    endDate: acc.endDate,
    dayStartTime: acc.dayStartTime,
    dayEndTime: acc.dayEndTime,
    weekDays: acc.weekDays,
    outsideSites: acc.outsideSites,
  };
}

/** One candidate row as a json value (db/json-row.ts) with the caller's site limit on it (`outsideSites`). */
const candidateRow = (userId: SQL | Placeholder | string) =>
  columnsAsJson(candidateColumns, { outsideSites: outsideSitesSql(userId) });
const decodeCandidate = columnsAsJson(candidateColumns).decode;
/**
 * A candidate with its device's zone and name, the row's device and the caller's membership of its
 * organization joined (effectiveAccess), as plain columns mapped from the driver's rows (columnsRow):
 * for 1,000 rows, a json object each cost the database and the driver twice as much (9.6 against
 * 4 ms), and drizzle's own mapping of the select was a fifth of `/my/device/details`' CPU.
 */
const withZoneColumns = { ...candidateColumns, timeZone: devices.timeZone, deviceName: devices.name };
const withZoneRow = columnsRow(withZoneColumns);
const outsideSitesJoined = sql<boolean>`coalesce("organization_users"."site_ids" is not null and ("devices"."site_id" is null or not ("devices"."site_id" = any("organization_users"."site_ids"))), false)`;

/**
 * The candidates of the outer statement's `"devices"."id"` as one json array (placeholders
 * `userId`, `now`): for statements that must stay one row whatever the number of candidates.
 * Each may instead be an expression of the outer statement (whose accesses, row by row).
 */
export const candidatesJson = (db: Db, o: { userId?: SQL; deviceId?: SQL; now?: SQL } = {}) => {
  const userId = o.userId ?? sql`${sql.placeholder('userId')}::uuid`;
  return sql<unknown>`(
  select coalesce(json_agg(${candidateRow(userId).sql}), '[]'::json)
  from ${deviceAccess}
  where ${deviceAccess.deviceId} = ${o.deviceId ?? sql`"devices"."id"`}
    and ${candidateWhere(db, userId, o.now ?? sql.placeholder('now'))})`;
};

/** The rows of `candidatesJson`. */
export function candidatesFromJson(value: unknown): Array<Omit<Candidate, 'timeZone'>> {
  return jsonValue<unknown[]>(value).map((v) => withOutsideDecoded(decodeCandidate(v)));
}

/** A decoded candidate (its json carried `outsideSites`, which the decoder passes through untyped). */
const withOutsideDecoded = <R extends object>(row: R): R & { outsideSites: boolean } => ({
  ...row,
  outsideSites: (row as { outsideSites?: unknown }).outsideSites === true,
});

/**
 * `lv.full`: whether the caller's best access to the outer statement's device (a user's own wins,
 * then the highest level) is administrator or owner, for placeholders `userId` and `now`. Join it
 * LATERAL to pick a full or a reduced view in SQL; only the schedule part of `canManage` is left to
 * check in memory (see the callers).
 */
export function fullViewOf(db: Db) {
  return db
    .select({
      full: sql<boolean>`${deviceAccess.accessLevel} >= ${Level.administrator} and not ${outsideSitesSql(sql`${sql.placeholder('userId')}::uuid`)}`.as(
        'full',
      ),
    })
    .from(deviceAccess)
    .where(
      and(
        eq(deviceAccess.deviceId, devices.id),
        candidateWhere(db, sql`${sql.placeholder('userId')}::uuid`, sql.placeholder('now')),
      ),
    )
    .orderBy(sql`(${deviceAccess.userId} is not null) desc`, desc(deviceAccess.accessLevel))
    .limit(1)
    .as('lv');
}

/** The one effective access of a device out of its candidate rows (undefined when none). */
export function effectiveOf(
  rows: Array<Omit<Candidate, 'timeZone'>>,
  timeZone: string,
  now: Date,
  deviceName?: string,
): EffectiveAccess | undefined {
  return pickEffective(
    rows.map((r) => ({ ...r, timeZone, deviceName })),
    now,
  )
    .values()
    .next().value;
}

/** One effective access per device out of the candidates (see `better`). */
export function pickEffective(rows: Candidate[], now: Date): Map<number, EffectiveAccess> {
  const out = new Map<number, EffectiveAccess>();
  for (const r of rows) {
    const candidate: EffectiveAccess = {
      deviceId: r.deviceId,
      accessId: r.id,
      accessLevel: r.accessLevel,
      via: r.userId ? 'user' : 'group',
      groupId: r.groupId,
      remoteAccessDisabled: r.remoteAccessDisabled,
      timeZone: r.timeZone,
      deviceName: r.deviceName,
      startDate: r.startDate,
      endDate: r.endDate,
      dayStartTime: r.dayStartTime,
      dayEndTime: r.dayEndTime,
      weekDays: r.weekDays,
      activeNow: isActiveAt(r, now, r.timeZone),
      outsideSites: r.outsideSites === true,
    };
    const prev = out.get(r.deviceId);
    if (!prev || better(candidate, prev)) out.set(r.deviceId, candidate);
  }
  return out;
}

/**
 * Every candidate of `userId` at `now` (of `deviceIds` only, when given) with its device's zone and
 * name and the caller's site limit: what `effectiveAccess` picks from.
 */
export function candidateRows(db: Db, userId: string, now: Date, deviceIds?: number[]) {
  return (
    db
      .select({ ...withZoneColumns, outsideSites: outsideSitesJoined.as('outside_sites') })
      .from(deviceAccess)
      .innerJoin(devices, eq(devices.id, deviceAccess.deviceId))
      // the caller's membership of the device's organization, for their site limit (one hash join, not a lookup per row)
      .leftJoin(
        organizationUsers,
        and(eq(organizationUsers.organizationId, devices.organizationId), eq(organizationUsers.userId, userId)),
      )
      .where(and(candidateWhere(db, userId, now), deviceIds ? anyInt(deviceAccess.deviceId, deviceIds) : undefined))
  );
}

/**
 * The same candidates as `candidateRows` (the one rule, candidateWhere), as a whole kept answer's
 * digest needs them (lib/domain/devices/whole.ts): each row's version rather than its columns (`xmin`,
 * the transaction that wrote this version of the row: new on every change, unchanged by a change
 * rolled back) and whether it has a weekly schedule (everyHourOfTheWeek in SQL). The device's zone
 * is its row's, whose version the digest holds apart; the caller's site limit (outsideSites) is not
 * part of a device's answer (shape.ts callerPart) nor of the pick.
 */
export function candidateStamps(db: Db, userId: string, now: Date, deviceIds?: number[]) {
  return db
    .select({
      id: deviceAccess.id,
      deviceId: deviceAccess.deviceId,
      rowVersion: sql<string>`"device_access"."xmin"::text`.as('row_version'),
      scheduled:
        sql<boolean>`not (coalesce("device_access"."week_days", 127) = 127 and "device_access"."day_start_time" is null and "device_access"."day_end_time" is null)`.as(
          'scheduled',
        ),
    })
    .from(deviceAccess)
    .where(and(candidateWhere(db, userId, now), deviceIds ? anyInt(deviceAccess.deviceId, deviceIds) : undefined));
}

/**
 * A user's effective access per device: a direct user access wins; otherwise the highest level
 * among the user's groups. Accesses outside their dates (expired, not yet started) give nothing.
 */
export async function effectiveAccess(
  db: Db,
  userId: string,
  now: Date,
  deviceIds?: number[],
): Promise<Map<number, EffectiveAccess>> {
  const rows = rowsOf<Record<string, unknown>>(await db.execute(candidateRows(db, userId, now, deviceIds))).map(
    (raw) => {
      const row = withZoneRow(raw) as Candidate;
      row.outsideSites = raw.outside_sites === true;
      return row;
    },
  );
  return pickEffective(rows, now);
}

/**
 * Whether `a` beats `b` as the effective access: a user's own, then the higher level; among a
 * user's groups' accesses of the same level the one that gives more (active now, then remote
 * opening allowed, then lasting longer, then without a weekly schedule), and last the smaller id,
 * so the answer never depends on the order the database returns rows in. (Two groups giving an
 * administrator the same level, one until tonight and one for good, answered a PIN's value or not
 * by that order: the property test's seed 711565169.)
 */
function better(a: EffectiveAccess, b: EffectiveAccess): boolean {
  if (a.via !== b.via) return a.via === 'user';
  if (a.accessLevel !== b.accessLevel) return a.accessLevel > b.accessLevel;
  if (a.activeNow !== b.activeNow) return a.activeNow;
  if (a.remoteAccessDisabled !== b.remoteAccessDisabled) return !a.remoteAccessDisabled;
  const end = (x: EffectiveAccess) => (x.endDate === null ? Number.POSITIVE_INFINITY : new Date(x.endDate).getTime());
  if (end(a) !== end(b)) return end(a) > end(b);
  if (everyHourOfTheWeek(a) !== everyHourOfTheWeek(b)) return everyHourOfTheWeek(a);
  return a.accessId < b.accessId;
}
