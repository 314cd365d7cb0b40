import { and, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { deviceUserSettings, devices } from '@/db/schema';
import { effectiveAccess } from '../access/effective';
import type { Ctx } from '../context';
import type { Loaded } from './shape';

const bridge = alias(devices, 'bridge');

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

const likePart = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The caller's visible devices in three queries whatever their number (access, devices with
 * their bridge, user settings when asked): no per-device round trips.
 */
export async function loadVisible(ctx: Ctx, o: LoadOptions): Promise<Loaded[]> {
  const access = await effectiveAccess(ctx.db, ctx.caller.userId, ctx.now(), o.ids);
  const ids = [...access.values()].filter((a) => !o.accessLevels?.length || o.accessLevels.includes(a.accessLevel)).map((a) => a.deviceId);
  if (!ids.length) return [];
  const conds: SQL[] = [inArray(devices.id, ids), inArray(devices.type, o.types)];
  if (o.text) {
    const p = likePart(o.text);
    conds.push(o.textInSerial ? or(ilike(devices.name, p), ilike(devices.serialNumber, p))! : ilike(devices.name, p));
  }
  if (o.where) conds.push(o.where);
  let q = ctx.db
    .select({ d: devices, bridgeConnected: bridge.isConnected })
    .from(devices)
    .leftJoin(bridge, eq(bridge.id, devices.connectedToId))
    .where(and(...conds))
    .orderBy(asc(devices.name), asc(devices.id))
    .$dynamic();
  if (o.page && o.itemsPerPage) q = q.limit(o.itemsPerPage).offset((o.page - 1) * o.itemsPerPage);
  const rows = await q;
  const settings = o.userSettings ? await userSettingsOf(ctx, rows.map((r) => r.d.id)) : new Map();
  return rows.map((r) => ({
    d: r.d,
    access: access.get(r.d.id)!,
    // only a lock's bridge link counts (a door sensor's connectedToId names its lock)
    bridgeConnected: r.bridgeConnected,
    userSettings: settings.get(r.d.id) ?? null,
  }));
}

async function userSettingsOf(ctx: Ctx, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .select({ deviceId: deviceUserSettings.deviceId, settings: deviceUserSettings.settings })
    .from(deviceUserSettings)
    .where(and(eq(deviceUserSettings.userId, ctx.caller.userId), inArray(deviceUserSettings.deviceId, ids)));
  return new Map(rows.map((r) => [r.deviceId, r.settings]));
}
