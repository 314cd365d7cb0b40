import { and, asc, desc, inArray, sql, type SQL } from 'drizzle-orm';
import { anyInt } from '@/db/arrays';
import { devices, type Device } from '@/db/schema';
import { DeviceType, LOCK_TYPES, type DeviceKind } from '@/lib/shared/devices/codes';
import type { Ctx } from '../context';
import { containsText, pageWindow, type Paging } from '../organizations/text';
import {
  ATTENTION_TYPES,
  cannotOpenSql,
  lockBridge,
  needsAttentionSql,
  problemsWhere,
  withLockBridge,
} from './attention';
import { visibleIds } from './load';
import { deviceState } from './lock-shape';

/**
 * GET /my/device/list (ours): one page of every kind of device the caller sees, in the Devices
 * page's order (doors that cannot open now first, then other devices that need attention, then by
 * name), filtered in the database, with what attention says of each row in words. An organization
 * of 10,000 devices answers 25 rows, not 11 MB of details (issue 34).
 */

export const KIND_TYPES: Record<DeviceKind, number[]> = {
  lock: [...LOCK_TYPES],
  bridge: [DeviceType.bridge],
  gate: [DeviceType.gate],
  doorSensor: [DeviceType.doorSensor],
};

const kindOf = (type: number): DeviceKind =>
  type === DeviceType.bridge
    ? 'bridge'
    : type === DeviceType.gate
      ? 'gate'
      : type === DeviceType.doorSensor
        ? 'doorSensor'
        : 'lock';

export interface DeviceListFilter {
  /** a case-insensitive part of the name */
  text?: string;
  kind?: DeviceKind;
  /** one site's devices; 0: those in no site */
  siteId?: number;
  /** only devices that cannot open or need attention */
  problems?: boolean;
  /** only these devices (of those the caller sees) */
  ids?: number[];
  /** 'name': by name only (a picker), instead of what cannot open first */
  orderBy?: 'attention' | 'name';
}

export interface DeviceListRow {
  id: number;
  name: string;
  type: number;
  kind: DeviceKind;
  organizationId: number | null;
  siteId: number | null;
  timeZone: string;
  /** a lock: its bridge online and its link to it; a bridge: itself; a gate: its gate system; null when unknown */
  isConnected: boolean | null;
  /** a gate still present in its gate system; true for every other kind */
  linked: boolean;
  /** a paired lock's state (a pulled lock past its spring time is unlocked); null otherwise */
  state: number | null;
  doorState: number | null;
  batteryLevel: number | null;
  isCharging: boolean;
  lastStateChangedDate: string | null;
  /** a door that cannot be opened from afar now (it is in GET /my/attention's cannotOpen) */
  cannotOpen: boolean;
  /** what GET /my/attention says of the device, in words: the reason it cannot open first, then its notices */
  problems: string[];
}

export interface DeviceList {
  page: number;
  itemsPerPage: number;
  /** devices that match the filters */
  total: number;
  /** every device the caller sees, unfiltered: how many, how many cannot open, how many more need attention, any in no site */
  counts: { devices: number; cannotOpen: number; needAttention: number; withoutSite: boolean };
  devices: DeviceListRow[];
}

const int = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;

export async function deviceList(ctx: Ctx, f: DeviceListFilter, p: Partial<Paging> = {}): Promise<DeviceList> {
  const { page, itemsPerPage, offset } = pageWindow(p);
  const seen = and(inArray(devices.id, visibleIds(ctx)), inArray(devices.type, ATTENTION_TYPES))!;
  const matching =
    and(
      f.text ? containsText(devices.name, f.text) : undefined,
      f.kind ? inArray(devices.type, KIND_TYPES[f.kind]) : undefined,
      f.siteId === undefined ? undefined : sql`coalesce(${devices.siteId}, 0) = ${f.siteId}`,
      f.problems ? needsAttentionSql : undefined,
      f.ids ? anyInt(devices.id, f.ids) : undefined,
    ) ?? sql`true`;
  const order =
    f.orderBy === 'name'
      ? [asc(devices.name), asc(devices.id)]
      : [desc(cannotOpenSql), desc(needsAttentionSql), asc(devices.name), asc(devices.id)];
  const [countRows, rows] = await Promise.all([
    ctx.db
      .select({
        devices: sql<number>`count(*)::int`,
        cannotOpen: int(cannotOpenSql),
        needAttention: int(sql`${needsAttentionSql} and not ${cannotOpenSql}`),
        withoutSite: sql<boolean>`coalesce(bool_or(${devices.siteId} is null), false)`,
        total: int(matching),
      })
      .from(devices)
      .leftJoin(lockBridge, withLockBridge)
      .where(seen),
    ctx.db
      .select({
        id: devices.id,
        name: devices.name,
        type: devices.type,
        organizationId: devices.organizationId,
        siteId: devices.siteId,
        timeZone: devices.timeZone,
        connectedToId: devices.connectedToId,
        isConnected: devices.isConnected,
        bridgeConnected: lockBridge.isConnected,
        isPresentInExternal: devices.isPresentInExternal,
        state: devices.state,
        doorState: devices.doorState,
        batteryLevel: devices.batteryLevel,
        isCharging: devices.isCharging,
        stateChangeResult: devices.stateChangeResult,
        lastStateChangedDate: devices.lastStateChangedDate,
        created: devices.created,
        settings: devices.settings,
        cannotOpen: sql<boolean>`${cannotOpenSql}`,
        needsAttention: sql<boolean>`${needsAttentionSql}`,
      })
      .from(devices)
      .leftJoin(lockBridge, withLockBridge)
      .where(and(seen, matching))
      .orderBy(...order)
      .limit(itemsPerPage)
      .offset(offset),
  ]);
  const flagged = rows.filter((r) => r.needsAttention).map((r) => r.id);
  const said = new Map<number, string[]>();
  if (flagged.length) {
    const { cannotOpen, notices } = await problemsWhere(ctx, and(seen, inArray(devices.id, flagged))!);
    for (const x of [...cannotOpen, ...notices]) said.set(x.deviceId, [...(said.get(x.deviceId) ?? []), x.words]);
  }
  const now = ctx.now();
  const { total, ...counts } = countRows[0];
  return {
    page,
    itemsPerPage,
    total,
    counts,
    devices: rows.map((r): DeviceListRow => {
      const kind = kindOf(r.type);
      const paired = r.connectedToId !== null;
      // the lock's deviceState as its own read shapes it (null for a lock without a bridge)
      const lockState = kind === 'lock' ? deviceState(r as unknown as Device, now) : null;
      return {
        id: r.id,
        name: r.name,
        type: r.type,
        kind,
        organizationId: r.organizationId,
        siteId: r.siteId,
        timeZone: r.timeZone,
        isConnected:
          kind === 'lock'
            ? paired
              ? r.bridgeConnected === true && r.isConnected !== false
              : null
            : kind === 'bridge'
              ? (r.isConnected ?? false)
              : kind === 'gate'
                ? r.isPresentInExternal !== false
                  ? r.isConnected === true
                  : null
                : null,
        linked: kind === 'gate' ? r.isPresentInExternal !== false : true,
        state: lockState?.state ?? null,
        doorState: lockState?.doorState ?? null,
        batteryLevel:
          kind === 'lock' ? (lockState?.batteryLevel ?? null) : kind === 'doorSensor' ? (r.batteryLevel ?? 0) : null,
        isCharging: lockState?.isCharging ?? false,
        lastStateChangedDate: lockState?.lastStateChangedDate ?? null,
        cannotOpen: r.cannotOpen,
        problems: said.get(r.id) ?? [],
      };
    }),
  };
}
