import { and, asc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '@/db/client';
import { perDb } from '@/db/prepared';
import { tableRow } from '@/db/raw-rows';
import { deviceAccess, deviceUserSettings, devices, type Device } from '@/db/schema';
import { keyStillValidSql } from '@/lib/auth/keys';
import {
  candidateFields,
  candidatesOf,
  candidateWhere,
  effectiveAccess,
  effectiveOf,
  type EffectiveAccess,
} from '../access/effective';
import { callerValues, confirmKey, type Ctx } from '../context';
import type { Loaded } from './shape';
import { anyInt } from '@/db/arrays';
import { containsText } from '../organizations/text';

const bridge = alias(devices, 'bridge');
const deviceRow = tableRow(devices);

export interface LoadOptions {
  types: number[];
  ids?: number[];
  /** case-insensitive part of the name (and serial number when `textInSerial`) */
  text?: string;
  textInSerial?: boolean;
  accessLevels?: number[];
  where?: SQL;
  page?: number;
  itemsPerPage?: number;
  userSettings?: boolean;
}

/** A page of at most this many devices reads the access of its devices only, after them. */
const PAGE_READ_AFTER = 1000;

/** A visible device as a kept answer needs it (kept.ts): which row version it is, not the row. */
export interface Stamped {
  id: number;
  type: number;
  /** devices.version as text (a bigint) */
  version: string;
  organizationId: number | null;
  bridgeConnected: boolean | null;
  access: EffectiveAccess;
  userSettings: Record<string, unknown> | null;
}

type RowRead<R> = (ctx: Ctx, o: LoadOptions, visible: SQL) => Promise<R[]>;

/**
 * The caller's visible devices in three queries whatever their number (devices with their bridge,
 * the caller's access to those, user settings when asked): no per-device round trips. Without an
 * id or level filter the devices are read (and a page cut) by the visibility rule itself; for a
 * page, only then the access of the devices read: a page of 100 among 10,000 decodes 100 accesses,
 * not 10,000.
 */
export async function loadVisible(ctx: Ctx, o: LoadOptions): Promise<Loaded[]> {
  return (await visibleWith(ctx, o, devicesWhere)).map(({ row, access, userSettings }) => ({
    d: row.d,
    access,
    // only a lock's bridge link counts (a door sensor's connectedToId names its lock)
    bridgeConnected: row.bridgeConnected,
    userSettings,
  }));
}

/** `loadVisible`, each device as its version (kept.ts builds or reuses its answer from it). */
export async function loadVisibleStamps(ctx: Ctx, o: LoadOptions): Promise<Stamped[]> {
  return (await visibleWith(ctx, o, stampsWhere)).map(({ row, access, userSettings }) => {
    const s = row as Stamped; // the row gets its access and settings itself: a thousand copies fewer
    s.access = access;
    s.userSettings = userSettings;
    return s;
  });
}

async function visibleWith<R extends { id: number }>(ctx: Ctx, o: LoadOptions, read: RowRead<R>) {
  const byIds = !!(o.ids || o.accessLevels?.length);
  const now = ctx.now();
  let access: Map<number, EffectiveAccess>;
  let rows: R[];
  if (byIds) {
    access = await effectiveAccess(ctx.db, ctx.caller.userId, now, o.ids);
    const ids = [...access.values()]
      .filter((a) => !o.accessLevels?.length || o.accessLevels.includes(a.accessLevel))
      .map((a) => a.deviceId);
    rows = ids.length ? await read(ctx, o, anyInt(devices.id, ids)) : [];
  } else if (o.page && o.itemsPerPage && o.itemsPerPage <= PAGE_READ_AFTER) {
    // a page: the devices by the visibility rule as a subquery, then the access of that page only
    rows = await read(ctx, o, inArray(devices.id, visibleIds(ctx)));
    access = rows.length
      ? await effectiveAccess(
          ctx.db,
          ctx.caller.userId,
          now,
          rows.map((r) => r.id),
        )
      : new Map();
  } else {
    // every visible device: both reads at once (10,000 ids bound as a list cost more to plan than
    // reading the caller's whole access does)
    [access, rows] = await Promise.all([
      effectiveAccess(ctx.db, ctx.caller.userId, now),
      read(ctx, o, inArray(devices.id, visibleIds(ctx))),
    ]);
  }
  rows = rows.filter((r) => access.has(r.id)); // an access changed between the two reads shows next time
  const settings = o.userSettings
    ? await userSettingsOf(
        ctx,
        rows.map((r) => r.id),
      )
    : new Map();
  return rows.map((row) => ({ row, access: access.get(row.id)!, userSettings: settings.get(row.id) ?? null }));
}

/** The devices of `visible` that match the options as `columns`, each with its bridge's link, by name. */
export function matching<C extends SelectedFields>(ctx: Ctx, o: LoadOptions, visible: SQL, columns: C) {
  const conds: SQL[] = [visible, inArray(devices.type, o.types)];
  if (o.text) {
    const name = containsText(devices.name, o.text);
    conds.push(o.textInSerial ? or(name, containsText(devices.serialNumber, o.text))! : name);
  }
  if (o.where) conds.push(o.where);
  let q = ctx.db
    .select({ ...columns, bridgeConnected: sql`${bridge.isConnected}`.as('bridge_connected') })
    .from(devices)
    .leftJoin(bridge, eq(bridge.id, devices.connectedToId))
    .where(and(...conds))
    .orderBy(asc(devices.name), asc(devices.id))
    .$dynamic();
  if (o.page && o.itemsPerPage) q = q.limit(o.itemsPerPage).offset((o.page - 1) * o.itemsPerPage);
  return q;
}

/** The devices of `visible` that match the options, each with its bridge's link, by name. */
async function devicesWhere(
  ctx: Ctx,
  o: LoadOptions,
  visible: SQL,
): Promise<Array<{ id: number; d: Device; bridgeConnected: boolean | null }>> {
  // rows as the driver gives them, mapped by tableRow (see there)
  return rowsOf<Record<string, unknown>>(await ctx.db.execute(matching(ctx, o, visible, getTableColumns(devices)))).map(
    (r) => {
      const d = deviceRow(r);
      return { id: d.id, d, bridgeConnected: r.bridge_connected as boolean | null };
    },
  );
}

/** The devices of `visible` that match the options, as their versions: five small columns a row. */
async function stampsWhere(ctx: Ctx, o: LoadOptions, visible: SQL) {
  const columns = {
    id: devices.id,
    type: devices.type,
    version: sql<string>`${devices.version}::text`.as('version'),
    organizationId: devices.organizationId,
  };
  return rowsOf<{
    id: number;
    type: number;
    version: string;
    organization_id: number | null;
    bridge_connected: boolean | null;
  }>(await ctx.db.execute(matching(ctx, o, visible, columns))).map((r) => ({
    id: r.id,
    type: r.type,
    version: r.version,
    organizationId: r.organization_id,
    bridgeConnected: r.bridge_connected,
  }));
}

/** Full rows of the given devices (those a kept answer is built for), each with its bridge's link. */
export async function devicesByIds(ctx: Ctx, ids: number[], types: number[]) {
  return ids.length ? devicesWhere(ctx, { types }, anyInt(devices.id, ids)) : [];
}

/** The ids of the devices the caller sees (an access of theirs or their groups' within its dates), as a subquery. */
export const visibleIds = (ctx: Ctx) =>
  ctx.db
    .select({ id: deviceAccess.deviceId })
    .from(deviceAccess)
    .where(candidateWhere(ctx.db, ctx.caller.userId, ctx.now()));

async function userSettingsOf(ctx: Ctx, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .select({ deviceId: deviceUserSettings.deviceId, settings: deviceUserSettings.settings })
    .from(deviceUserSettings)
    .where(and(eq(deviceUserSettings.userId, ctx.caller.userId), inArray(deviceUserSettings.deviceId, ids)));
  return new Map(rows.map((r) => [r.deviceId, r.settings]));
}

/**
 * One device the caller can see, in one prepared statement: the row with its bridge link, the
 * caller's candidate accesses (one row each, usually one), the caller's settings, and the check
 * of a remembered key. The hot single reads (a lock, its sync, an operation) start here.
 */
function oneQuery(db: Db) {
  const acc = candidatesOf(db, devices.id);
  return db
    .select({
      keyOk: keyStillValidSql(),
      d: devices,
      bridgeConnected: bridge.isConnected,
      userSettings: deviceUserSettings.settings,
      acc: candidateFields(acc),
    })
    .from(devices)
    .innerJoinLateral(acc, sql`true`)
    .leftJoin(bridge, eq(bridge.id, devices.connectedToId))
    .leftJoin(
      deviceUserSettings,
      and(eq(deviceUserSettings.deviceId, devices.id), eq(deviceUserSettings.userId, sql.placeholder('userId'))),
    )
    .where(eq(devices.id, sql.placeholder('id')))
    .prepare('device_one_visible');
}

const one = perDb(oneQuery);

/** `loadVisible` for one id of the given types, in one round trip; null when unseen or another type. */
export async function loadOne(ctx: Ctx, id: number, types: number[]): Promise<Loaded | null> {
  const now = ctx.now();
  const rows = await one(ctx.db).execute({ id, ...callerValues(ctx, now) });
  if (!rows.length) return null;
  confirmKey(ctx, rows[0].keyOk);
  const d = rows[0].d;
  if (!types.includes(d.type)) return null;
  const access = effectiveOf(
    rows.map((r) => r.acc),
    d.timeZone,
    now,
  )!;
  return { d, access, bridgeConnected: rows[0].bridgeConnected, userSettings: rows[0].userSettings ?? null };
}
