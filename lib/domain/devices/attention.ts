import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { jsonValue } from '@/db/json-row';
import { devices, type Device } from '@/db/schema';
import { DeviceType, DoorState, LockState, LOW_BATTERY, OpResult } from '@/lib/shared/devices/codes';
import type { Ctx } from '../context';
import { visibleIds } from './load';
import { DOOR_REASONS, type DoorReason, type NoticeReason } from './schemas';

/**
 * What needs attention, computed once here for every view (Home, Devices, the link picker, the
 * API): every door (lock or gate) the caller can see that cannot be opened from afar now, with
 * the reason in words, and the other things that need a person soon (an open door, a low
 * battery, an offline bridge). Whether the door opens is the door's own state and its bridge's,
 * whoever administers the bridge: a lock joined to a bridge the caller cannot see is listed with
 * "its bridge is offline", and the bridge is named only to those the policy lets see it.
 */

/** A battery at this level no longer moves the bolt. */
export const EMPTY_BATTERY = 0;

export type { DoorReason, NoticeReason };

export interface DoorCannotOpen {
  deviceId: number;
  name: string;
  kind: 'lock' | 'gate';
  organizationId: number | null;
  reason: DoorReason;
  /** the reason in words, for whoever looks (owner, administrator, the person choosing a link's doors) */
  words: string;
  /** the lock's bridge, when the caller may see it (null otherwise, even when it is the reason) */
  bridge: { id: number; name: string } | null;
}

export interface Notice {
  deviceId: number;
  name: string;
  kind: 'lock' | 'bridge' | 'gate' | 'doorSensor';
  organizationId: number | null;
  reason: NoticeReason;
  words: string;
}

export interface Attention {
  /** counts that say what they count: doors by kind, with how many of them cannot open now */
  counts: {
    locks: number;
    locksCannotOpen: number;
    locked: number;
    unlocked: number;
    gates: number;
    gatesCannotOpen: number;
    bridges: number;
    bridgesOffline: number;
    doorSensors: number;
  };
  /** doors that cannot open now, the most basic reason first (then by name) */
  cannotOpen: DoorCannotOpen[];
  /** other things that need a person soon; the door still opens */
  notices: Notice[];
}

const ORDER: readonly DoorReason[] = DOOR_REASONS;

const LOCKS: number[] = [DeviceType.lockPro, DeviceType.lockGo];
const isLock = (t: number) => LOCKS.includes(t);

/** What attention reads of a device that may need it, with its bridge's link (a lock's) and, for a bridge, the locks behind it. */
interface Seen {
  d: Pick<
    Device,
    | 'id'
    | 'type'
    | 'name'
    | 'organizationId'
    | 'connectedToId'
    | 'isConnected'
    | 'batteryLevel'
    | 'isCharging'
    | 'state'
    | 'doorState'
    | 'stateChangeResult'
    | 'isPresentInExternal'
  >;
  bridgeConnected: boolean | null;
}
const byName = (a: { name: string; deviceId: number }, b: { name: string; deviceId: number }) =>
  a.name.localeCompare(b.name) || a.deviceId - b.deviceId;

/** Why a lock cannot open now, or null when it can (as far as the service knows). */
function lockReason(x: Seen, bridgeName: string | null): { reason: DoorReason; words: string } | null {
  const d = x.d;
  if (!d.connectedToId)
    return { reason: 'noBridge', words: 'It has no bridge: it opens only at the door, over Bluetooth.' };
  if (x.bridgeConnected !== true)
    return {
      reason: 'bridgeOffline',
      words: `${bridgeName ? `Its bridge ${bridgeName}` : 'Its bridge'} is offline: nobody can open it from afar until the bridge is back.`,
    };
  if (d.isConnected === false)
    return {
      reason: 'lockDisconnected',
      words: 'It lost its link to its bridge: move the bridge closer or check the lock.',
    };
  if (d.batteryLevel === EMPTY_BATTERY && !d.isCharging)
    return { reason: 'batteryEmpty', words: 'Its battery is empty: charge it, it cannot move the bolt.' };
  if (d.state === LockState.semiLocked)
    return { reason: 'jammed', words: 'It is jammed: the bolt stopped half way. Check the door, then lock it again.' };
  if (d.state === LockState.uncalibrated)
    return { reason: 'uncalibrated', words: 'It is not calibrated: calibrate it in the app at the door.' };
  if (d.state === LockState.updating)
    return { reason: 'updating', words: 'It is updating its software: it opens again when the update ends.' };
  return null;
}

function gateReason(x: Seen): { reason: DoorReason; words: string } | null {
  if (x.d.isPresentInExternal === false)
    return {
      reason: 'gateUnlinked',
      words: 'It is no longer in the gate system: synchronize the gates or remove it.',
    };
  if (x.d.isConnected !== true)
    return {
      reason: 'gateDisconnected',
      words: 'Its gate system cannot reach it: it opens again when the connection is back.',
    };
  return null;
}

// ---- the rules above as SQL, over the caller's visible devices (d) and a lock's bridge (b) ---------
// Counting 10,000 devices in the database, and reading only those that need a person, costs a few
// milliseconds; building each device's answer in the process cost ~350 ms (docs/performance.md).
// tests/api/attention.test.ts holds both sides to the same cases.
const b = alias(devices, 'att_bridge');
const lock = inArray(devices.type, LOCKS);
const gate = eq(devices.type, DeviceType.gate);
const bridge = eq(devices.type, DeviceType.bridge);
const sensor = eq(devices.type, DeviceType.doorSensor);
/** `lockReason` is not null */
const lockCannot = sql`(${devices.connectedToId} is null or ${b.isConnected} is not true or ${devices.isConnected} = false
  or (${devices.batteryLevel} = ${EMPTY_BATTERY} and ${devices.isCharging} is not true)
  or ${devices.state} in (${sql.join([LockState.semiLocked, LockState.uncalibrated, LockState.updating], sql`, `)}))`;
/** the service still hears the lock (its bridge online, the lock linked to it) */
const heard = sql`(${devices.connectedToId} is not null and ${b.isConnected} is true and ${devices.isConnected} is distinct from false)`;
const lockNotice = sql`(${devices.doorState} = ${DoorState.opened} or ${devices.stateChangeResult} = ${OpResult.timedOut}
  or (${devices.batteryLevel} > ${EMPTY_BATTERY} and ${devices.batteryLevel} < ${LOW_BATTERY} and ${devices.isCharging} is not true))`;
/** `gateReason` is not null */
const gateCannot = sql`(${devices.isPresentInExternal} = false or ${devices.isConnected} is not true)`;
const offline = sql`${devices.isConnected} is not true`;
const sensorLow = sql`${devices.batteryLevel} < ${LOW_BATTERY}`;
const count = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;

/** A door (lock or gate) that cannot be opened from afar now: `lockReason` or `gateReason` is not null (never null). */
export const cannotOpenSql = sql`coalesce((${lock} and ${lockCannot}) or (${gate} and ${gateCannot}), false)`;
/** The device is listed in `cannotOpen` or `notices` (the lists' rules above, in SQL; never null). */
export const needsAttentionSql = sql`coalesce((${lock} and (${lockCannot} or (${heard} and ${lockNotice}))) or (${gate} and ${gateCannot})
  or (${bridge} and ${offline}) or (${sensor} and ${sensorLow}), false)`;
/** The join every rule above reads: a lock's bridge (`lockBridge`). */
export const lockBridge = b;
export const withLockBridge = and(lock, eq(b.id, devices.connectedToId))!;

/** The kinds attention and the device lists know. */
export const ATTENTION_TYPES = [...LOCKS, DeviceType.gate, DeviceType.bridge, DeviceType.doorSensor];

/** GET /my/attention: the caller's doors that cannot open now, other notices, and the counts. */
export async function attention(ctx: Ctx, o: { organizationId?: number; siteId?: number } = {}): Promise<Attention> {
  const visible = inArray(devices.id, visibleIds(ctx));
  // one organization's, one site's (0: devices in no site; issue 35, Home by site)
  const scope = and(
    visible,
    inArray(devices.type, ATTENTION_TYPES),
    o.organizationId === undefined ? undefined : eq(devices.organizationId, o.organizationId),
    o.siteId === undefined ? undefined : sql`coalesce(${devices.siteId}, 0) = ${o.siteId}`,
  )!;
  const [countRows, said] = await Promise.all([
    ctx.db
      .select({
        locks: count(lock),
        locksCannotOpen: count(and(lock, lockCannot)!),
        locked: count(and(lock, heard, eq(devices.state, LockState.locked))!),
        // "unlocked" counts a pulled lock too, whether or not its spring has let go
        unlocked: count(and(lock, heard, inArray(devices.state, [LockState.unlocked, LockState.pulled]))!),
        gates: count(gate),
        gatesCannotOpen: count(and(gate, gateCannot)!),
        bridges: count(bridge),
        bridgesOffline: count(and(bridge, offline)!),
        doorSensors: count(sensor),
      })
      .from(devices)
      .leftJoin(b, withLockBridge)
      .where(scope),
    problemsWhere(ctx, scope),
  ]);
  return { counts: countRows[0], ...said };
}

/**
 * `cannotOpen` and `notices` of the caller's devices that match `where` (which must hold the
 * visibility rule): attention's lists, or the words of one page of a device list.
 */
export async function problemsWhere(ctx: Ctx, where: SQL): Promise<Pick<Attention, 'cannotOpen' | 'notices'>> {
  const seen = await ctx.db
    .select({
      d: {
        id: devices.id,
        type: devices.type,
        name: devices.name,
        organizationId: devices.organizationId,
        connectedToId: devices.connectedToId,
        isConnected: devices.isConnected,
        batteryLevel: devices.batteryLevel,
        isCharging: devices.isCharging,
        state: devices.state,
        doorState: devices.doorState,
        stateChangeResult: devices.stateChangeResult,
        isPresentInExternal: devices.isPresentInExternal,
      },
      bridgeConnected: b.isConnected,
      // a lock's bridge is named only to those the policy lets see it (the bridge's own access)
      bridgeName: sql<string | null>`case when ${b.id} in (${visibleIds(ctx)}) then ${b.name} end`,
      // an offline bridge names the locks behind it that the caller sees, in the lists' order
      behind: sql<unknown>`case when ${bridge} then (select coalesce(json_agg(l.name order by l.name, l.id), '[]'::json)
        from ${devices} l where l.connected_to_id = ${devices.id} and l.type in (${sql.join(LOCKS, sql`, `)})
          and l.id in (${visibleIds(ctx)})) end`,
    })
    .from(devices)
    .leftJoin(b, withLockBridge)
    .where(and(where, needsAttentionSql));
  const cannotOpen: DoorCannotOpen[] = [];
  const notices: Notice[] = [];
  const note = (x: Seen, kind: Notice['kind'], reason: NoticeReason, words: string) =>
    notices.push({ deviceId: x.d.id, name: x.d.name, kind, organizationId: x.d.organizationId, reason, words });

  for (const x of seen) {
    const d = x.d;
    if (isLock(d.type)) {
      const bridgeName = d.connectedToId ? x.bridgeName : null;
      const why = lockReason(x, bridgeName);
      const heardNow = !!d.connectedToId && x.bridgeConnected === true && d.isConnected !== false;
      if (why)
        cannotOpen.push({
          deviceId: d.id,
          name: d.name,
          kind: 'lock',
          organizationId: d.organizationId,
          ...why,
          bridge: bridgeName !== null && d.connectedToId ? { id: d.connectedToId, name: bridgeName } : null,
        });
      // what the service last heard, only while it still hears the lock
      if (heardNow) {
        if (d.doorState === DoorState.opened) note(x, 'lock', 'doorOpen', 'Its door sensor reports the door open.');
        if (d.stateChangeResult === OpResult.timedOut)
          note(
            x,
            'lock',
            'lastCommandTimedOut',
            'It did not answer its last command: check the door is as you want it.',
          );
        if (d.batteryLevel !== null && d.batteryLevel > EMPTY_BATTERY && d.batteryLevel < LOW_BATTERY && !d.isCharging)
          note(x, 'lock', 'batteryLow', `Battery ${d.batteryLevel}%: charge it soon, or it stops opening.`);
      }
    } else if (d.type === DeviceType.gate) {
      const why = gateReason(x);
      if (why)
        cannotOpen.push({
          deviceId: d.id,
          name: d.name,
          kind: 'gate',
          organizationId: d.organizationId,
          ...why,
          bridge: null,
        });
    } else if (d.type === DeviceType.bridge) {
      const behind = x.behind === null ? [] : jsonValue<string[]>(x.behind);
      note(
        x,
        'bridge',
        'bridgeOffline',
        behind.length
          ? `Offline: ${behind.join(', ')} cannot be opened from afar until it is back. Check its power and Wi-Fi.`
          : 'Offline: check its power and Wi-Fi.',
      );
    } else if (d.type === DeviceType.doorSensor && d.batteryLevel !== null) {
      note(x, 'doorSensor', 'batteryLow', `Battery ${d.batteryLevel}%: replace it, or door events stop.`);
    }
  }
  cannotOpen.sort((a, b) => ORDER.indexOf(a.reason) - ORDER.indexOf(b.reason) || byName(a, b));
  notices.sort((a, b) => byName(a, b) || a.reason.localeCompare(b.reason));
  return { cannotOpen, notices };
}
