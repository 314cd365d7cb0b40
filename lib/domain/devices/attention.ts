import { DeviceType, DoorState, LockState, LOW_BATTERY, OpResult } from '@/lib/shared/devices/codes';
import type { Ctx } from '../context';
import { may } from '@/lib/shared/policy';
import { loadVisible } from './load';
import { effectiveState } from './lock-shape';
import type { Loaded } from './shape';

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

export type DoorReason =
  | 'bridgeOffline'
  | 'lockDisconnected'
  | 'noBridge'
  | 'batteryEmpty'
  | 'jammed'
  | 'uncalibrated'
  | 'updating'
  | 'gateUnlinked'
  | 'gateDisconnected';

export type NoticeReason = 'bridgeOffline' | 'doorOpen' | 'lastCommandTimedOut' | 'batteryLow';

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

const ORDER: DoorReason[] = [
  'bridgeOffline',
  'gateUnlinked',
  'gateDisconnected',
  'lockDisconnected',
  'noBridge',
  'batteryEmpty',
  'jammed',
  'uncalibrated',
  'updating',
];

const isLock = (t: number) => t === DeviceType.lockPro || t === DeviceType.lockGo;
const byName = (a: { name: string; deviceId: number }, b: { name: string; deviceId: number }) =>
  a.name.localeCompare(b.name) || a.deviceId - b.deviceId;

/** Why a lock cannot open now, or null when it can (as far as the service knows). */
function lockReason(x: Loaded, bridgeName: string | null): { reason: DoorReason; words: string } | null {
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

function gateReason(x: Loaded): { reason: DoorReason; words: string } | null {
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

/** GET /my/attention: the caller's doors that cannot open now, other notices, and the counts. */
export async function attention(ctx: Ctx, o: { organizationId?: number; siteId?: number } = {}): Promise<Attention> {
  const now = ctx.now();
  const all = (
    await loadVisible(ctx, {
      types: [DeviceType.bridge, DeviceType.lockPro, DeviceType.lockGo, DeviceType.gate, DeviceType.doorSensor],
    })
  ).filter((x) => may('see', x.access, now));
  // the bridges the policy lets the caller see: only those are named
  const seenBridges = new Map(all.filter((x) => x.d.type === DeviceType.bridge).map((x) => [x.d.id, x.d.name]));
  // one organization's, one site's (0: devices in no site; issue 35, Home by site)
  const mine = all.filter(
    (x) =>
      (o.organizationId === undefined || x.d.organizationId === o.organizationId) &&
      (o.siteId === undefined || (x.d.siteId ?? 0) === o.siteId),
  );

  const cannotOpen: DoorCannotOpen[] = [];
  const notices: Notice[] = [];
  const note = (x: Loaded, kind: Notice['kind'], reason: NoticeReason, words: string) =>
    notices.push({ deviceId: x.d.id, name: x.d.name, kind, organizationId: x.d.organizationId, reason, words });
  const counts: Attention['counts'] = {
    locks: 0,
    locksCannotOpen: 0,
    locked: 0,
    unlocked: 0,
    gates: 0,
    gatesCannotOpen: 0,
    bridges: 0,
    bridgesOffline: 0,
    doorSensors: 0,
  };

  for (const x of mine) {
    const d = x.d;
    if (isLock(d.type)) {
      counts.locks++;
      const bridgeName = d.connectedToId ? (seenBridges.get(d.connectedToId) ?? null) : null;
      const why = lockReason(x, bridgeName);
      // "Locked now" counts only what the service hears now: not a lock it cannot reach
      const heard = !!d.connectedToId && x.bridgeConnected === true && d.isConnected !== false;
      const state = heard ? effectiveState(d, now) : null;
      if (state === LockState.locked) counts.locked++;
      if (state === LockState.unlocked || state === LockState.pulled) counts.unlocked++;
      if (why) {
        counts.locksCannotOpen++;
        cannotOpen.push({
          deviceId: d.id,
          name: d.name,
          kind: 'lock',
          organizationId: d.organizationId,
          ...why,
          bridge: bridgeName !== null && d.connectedToId ? { id: d.connectedToId, name: bridgeName } : null,
        });
      }
      // what the service last heard, only while it still hears the lock
      if (heard) {
        if (d.connectedToId && d.doorState === DoorState.opened)
          note(x, 'lock', 'doorOpen', 'Its door sensor reports the door open.');
        if (d.connectedToId && d.stateChangeResult === OpResult.timedOut)
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
      counts.gates++;
      const why = gateReason(x);
      if (why) {
        counts.gatesCannotOpen++;
        cannotOpen.push({
          deviceId: d.id,
          name: d.name,
          kind: 'gate',
          organizationId: d.organizationId,
          ...why,
          bridge: null,
        });
      }
    } else if (d.type === DeviceType.bridge) {
      counts.bridges++;
      if (d.isConnected !== true) {
        counts.bridgesOffline++;
        const behind = all.filter((l) => isLock(l.d.type) && l.d.connectedToId === d.id).map((l) => l.d.name);
        note(
          x,
          'bridge',
          'bridgeOffline',
          behind.length
            ? `Offline: ${behind.join(', ')} cannot be opened from afar until it is back. Check its power and Wi-Fi.`
            : 'Offline: check its power and Wi-Fi.',
        );
      }
    } else if (d.type === DeviceType.doorSensor) {
      counts.doorSensors++;
      if (d.batteryLevel !== null && d.batteryLevel < LOW_BATTERY)
        note(x, 'doorSensor', 'batteryLow', `Battery ${d.batteryLevel}%: replace it, or door events stop.`);
    }
  }
  cannotOpen.sort((a, b) => ORDER.indexOf(a.reason) - ORDER.indexOf(b.reason) || byName(a, b));
  notices.sort((a, b) => byName(a, b) || a.reason.localeCompare(b.reason));
  return { counts, cannotOpen, notices };
}
