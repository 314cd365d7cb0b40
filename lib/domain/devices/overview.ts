import { eq } from 'drizzle-orm';
import { DeviceType, devices, type Device } from '@/db/schema';
import { getSimulatorControl } from '@/lib/devices';
import type { Ctx } from '../context';
import { may } from '../policy';
import { refusalFor } from '../policy/words';
import { NotFound } from '../errors';
import { fmtZ } from '../format';
import { loadVisible } from './load';
import { lockShape, type LockShape } from './lock-shape';
import { bridgeShape, doorSensorShape, gateShape, type BridgeShape, type DoorSensorShape, type GateShape } from './other-shapes';

export interface LockPolicy {
  /** why the viewer may not open the lock from here now, in words (lib/domain/policy); null when they may */
  openRefusal: string | null;
  /** the simulator's control plane is on and the viewer may drive this lock's simulated hardware */
  simulator: boolean;
  /** when the cloud last heard from the lock (ISO with Z), for "last seen" while it is offline; null when never */
  lastSeen: string | null;
}

export type DeviceOverview =
  | ({ kind: 'lock'; device: LockShape } & LockPolicy)
  | { kind: 'bridge'; device: BridgeShape; lastSeen: string | null; locks: BridgeLock[] }
  | { kind: 'gate'; device: GateShape; lastSeen: string | null }
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
      openRefusal: refusalFor('open', x.access, now, { device: x.d.name, doing: 'open it from here' }),
      simulator: getSimulatorControl() !== null && may('driveSimulator', x.access, now),
      lastSeen: fmtZ(await lockLastSeen(ctx, x.d)),
    };
  }
  if (t === DeviceType.bridge) {
    const locks = (await loadVisible(ctx, { types: [DeviceType.lockPro, DeviceType.lockGo] }))
      .filter((l) => l.d.connectedToId === x.d.id)
      .map((l) => ({ id: l.d.id, name: l.d.name, state: l.d.state }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { kind: 'bridge', device: bridgeShape(x), lastSeen: fmtZ(x.d.lastSeen), locks };
  }
  if (t === DeviceType.gate) return { kind: 'gate', device: gateShape(x, true), lastSeen: fmtZ(x.d.lastSeen) };
  return { kind: 'doorSensor', device: doorSensorShape(x, true) };
}

/**
 * A lock is heard through its bridge: it was last seen when it or its bridge last reported,
 * whichever is later (a lock behind a bridge that went offline three days ago was seen then).
 */
async function lockLastSeen(ctx: Ctx, lock: Device): Promise<Date | null> {
  if (lock.connectedToId === null) return lock.lastSeen;
  const [b] = await ctx.db.select({ lastSeen: devices.lastSeen }).from(devices).where(eq(devices.id, lock.connectedToId));
  const seen = [lock.lastSeen, b?.lastSeen ?? null].filter((d): d is Date => d !== null);
  return seen.length ? new Date(Math.max(...seen.map((d) => d.getTime()))) : null;
}

/** /devices/{id}/settings: the lock with why the viewer may not change its settings now (null: they may). */
export async function lockSettingsView(ctx: Ctx, id: number): Promise<{ lock: LockShape; manageRefusal: string | null }> {
  const [x] = await loadVisible(ctx, { types: [DeviceType.lockPro, DeviceType.lockGo], ids: [id], userSettings: true });
  if (!x) throw NotFound('Lock');
  const now = ctx.now();
  return { lock: lockShape(x, now, { includeUserSettings: true }), manageRefusal: refusalFor('manageDevice', x.access, now, { device: x.d.name, doing: 'change its settings' }) };
}

/** What the viewer may do to a device now, in words: null where they may (lib/domain/policy). */
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
        open: kind === 'gate' ? refusalFor('open', x.access, now, { device: x.d.name, doing: 'open it from here' }) : null,
        manage: refusalFor('manageDevice', x.access, now, { device: x.d.name, doing: kind === 'gate' ? 'synchronize or delete it' : 'rename or remove it' }),
      },
    ]),
  );
}
