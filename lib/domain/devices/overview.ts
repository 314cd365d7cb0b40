import { eq } from 'drizzle-orm';
import { DeviceType, devices, type Device } from '@/db/schema';
import { getSimulatorControl } from '@/lib/devices';
import type { Ctx } from '../context';
import { may } from '@/lib/shared/policy';
import { refusalFor } from '@/lib/shared/policy/words';
import { NotFound } from '../errors';
import { lockdownRefusalFor } from '../lockdown/state';
import { timetableSummary, type TimetableSummary } from '../timetables/timetables';
import { fmtZ } from '../format';
import { yourHours, type YourHours } from '../access/hours';
import { loadVisible } from './load';
import { lockShape, type LockShape } from './lock-shape';
import {
  bridgeShape,
  doorSensorShape,
  gateShape,
  type BridgeShape,
  type DoorSensorShape,
  type GateShape,
} from './other-shapes';

export interface LockPolicy {
  /** why the viewer may not open the lock from here now, in words (lib/shared/policy); null when they may */
  openRefusal: string | null;
  /** the simulator's control plane is on and the viewer may drive this lock's simulated hardware */
  simulator: boolean;
  /** when the cloud last heard from the lock (ISO with Z), for "last seen" while it is offline; null when never */
  lastSeen: string | null;
  /** the viewer's own hours on the lock and when they can next open it (lib/domain/access/hours) */
  hours: YourHours;
  /** the lock's weekly timetable in words and its next change (issue 35); null when it has none */
  timetable: TimetableSummary | null;
}

export type DeviceOverview =
  | ({ kind: 'lock'; device: LockShape } & LockPolicy)
  | { kind: 'bridge'; device: BridgeShape; lastSeen: string | null; locks: BridgeLock[] }
  | {
      kind: 'gate';
      device: GateShape;
      lastSeen: string | null;
      openRefusal: string | null;
      manageRefusal: string | null;
      hours: YourHours;
    }
  | { kind: 'doorSensor'; device: DoorSensorShape };

/** A lock paired with a bridge, as its bridge's page lists it (only locks the viewer sees). */
export interface BridgeLock {
  id: number;
  name: string;
  state: number | null;
}

const KINDS = [DeviceType.bridge, DeviceType.lockPro, DeviceType.lockGo, DeviceType.gate, DeviceType.doorSensor];

/** One device of the viewer in its kind's API shape (portal pages; 404 when unseen). */
export async function deviceOverview(ctx: Ctx, id: number): Promise<DeviceOverview> {
  const [x] = await loadVisible(ctx, { types: KINDS, ids: [id], userSettings: true });
  if (!x) throw NotFound('Device');
  const t = x.d.type;
  if (t === DeviceType.lockPro || t === DeviceType.lockGo) {
    const now = ctx.now();
    return {
      kind: 'lock',
      device: lockShape(x, now, { includeUserSettings: true }),
      openRefusal:
        refusalFor('open', x.access, now, { device: x.d.name, doing: 'open it from here', besideHours: true }) ??
        (await lockdownRefusalFor(ctx.db, id, ctx.caller.userId)),
      simulator: getSimulatorControl() !== null && may('driveSimulator', x.access, now),
      lastSeen: fmtZ(await lockLastSeen(ctx, x.d)),
      hours: yourHours(x.access, now),
      timetable: await timetableSummary(ctx.db, id, now),
    };
  }
  if (t === DeviceType.bridge) {
    const locks = (await loadVisible(ctx, { types: [DeviceType.lockPro, DeviceType.lockGo] }))
      .filter((l) => l.d.connectedToId === x.d.id)
      .map((l) => ({ id: l.d.id, name: l.d.name, state: l.d.state }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { kind: 'bridge', device: bridgeShape(x), lastSeen: fmtZ(x.d.lastSeen), locks };
  }
  if (t === DeviceType.gate) {
    const now = ctx.now();
    return {
      kind: 'gate',
      device: gateShape(x, true),
      lastSeen: fmtZ(x.d.lastSeen),
      openRefusal:
        refusalFor('open', x.access, now, { device: x.d.name, doing: 'open it from here', besideHours: true }) ??
        (await lockdownRefusalFor(ctx.db, id, ctx.caller.userId)),
      manageRefusal: refusalFor('manageDevice', x.access, now, { device: x.d.name, doing: 'synchronize it' }),
      hours: yourHours(x.access, now),
    };
  }
  return { kind: 'doorSensor', device: doorSensorShape(x, true) };
}

/**
 * A lock is heard through its bridge: it was last seen when it or its bridge last reported,
 * whichever is later (a lock behind a bridge that went offline three days ago was seen then).
 */
async function lockLastSeen(ctx: Ctx, lock: Device): Promise<Date | null> {
  if (lock.connectedToId === null) return lock.lastSeen;
  const [b] = await ctx.db
    .select({ lastSeen: devices.lastSeen })
    .from(devices)
    .where(eq(devices.id, lock.connectedToId));
  const seen = [lock.lastSeen, b?.lastSeen ?? null].filter((d): d is Date => d !== null);
  return seen.length ? new Date(Math.max(...seen.map((d) => d.getTime()))) : null;
}

/** /devices/{id}/settings: the lock with why the viewer may not change its settings now (null: they may). */
export async function lockSettingsView(
  ctx: Ctx,
  id: number,
): Promise<{ lock: LockShape; manageRefusal: string | null }> {
  const [x] = await loadVisible(ctx, { types: [DeviceType.lockPro, DeviceType.lockGo], ids: [id], userSettings: true });
  if (!x) throw NotFound('Lock');
  const now = ctx.now();
  return {
    lock: lockShape(x, now, { includeUserSettings: true }),
    manageRefusal: refusalFor('manageDevice', x.access, now, { device: x.d.name, doing: 'change its settings' }),
  };
}

/** What the viewer may do to a device now, in words: null where they may (lib/shared/policy). */
export interface DeviceRefusals {
  open: string | null;
  manage: string | null;
}

/**
 * The gates or door sensors of the viewer with the policy's answers, for list pages that offer
 * only the controls the viewer may use (open, sync, rename, delete).
 */
export async function deviceRefusals(ctx: Ctx, kind: 'gate' | 'doorSensor'): Promise<Record<number, DeviceRefusals>> {
  const rows = await loadVisible(ctx, { types: [kind === 'gate' ? DeviceType.gate : DeviceType.doorSensor] });
  const now = ctx.now();
  return Object.fromEntries(
    rows.map((x) => [
      x.d.id,
      {
        open:
          kind === 'gate' ? refusalFor('open', x.access, now, { device: x.d.name, doing: 'open it from here' }) : null,
        manage: refusalFor('manageDevice', x.access, now, {
          device: x.d.name,
          doing: kind === 'gate' ? 'synchronize or delete it' : 'rename or remove it',
        }),
      },
    ]),
  );
}

/** GET /my/device/{deviceId}/hours: the caller's own hours on a lock or gate they can see (404 otherwise). */
export async function deviceHours(ctx: Ctx, id: number): Promise<YourHours> {
  const [x] = await loadVisible(ctx, { types: [DeviceType.lockPro, DeviceType.lockGo, DeviceType.gate], ids: [id] });
  if (!x) throw NotFound('Device');
  return yourHours(x.access, ctx.now());
}

/** A door on a member's or guest's Home: whether the policy lets them open it now (in words) and their hours. */
export interface YourDoor {
  id: number;
  name: string;
  kind: 'lock' | 'gate';
  /** why the viewer may not open it from here now (lib/shared/policy), null when they may */
  openRefusal: string | null;
  hours: YourHours;
}

/** Every lock and gate the viewer can see, by name, with the policy's answer to opening it now. */
export async function yourDoors(ctx: Ctx): Promise<YourDoor[]> {
  const rows = await loadVisible(ctx, { types: [DeviceType.lockPro, DeviceType.lockGo, DeviceType.gate] });
  const now = ctx.now();
  return rows
    .map((x) => ({
      id: x.d.id,
      name: x.d.name,
      kind: x.d.type === DeviceType.gate ? ('gate' as const) : ('lock' as const),
      openRefusal: refusalFor('open', x.access, now, {
        device: x.d.name,
        doing: 'open it from here',
        besideHours: true,
      }),
      hours: yourHours(x.access, now),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
