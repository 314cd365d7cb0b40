import { DeviceType } from '@/db/schema';
import type { Ctx } from '../context';
import { NotFound } from '../errors';
import { loadVisible } from './load';
import { lockShape, type LockShape } from './lock-shape';
import { bridgeShape, doorSensorShape, gateShape, type BridgeShape, type DoorSensorShape, type GateShape } from './other-shapes';

export type DeviceOverview =
  | { kind: 'lock'; device: LockShape; /** the viewer's access is within its schedule right now */ activeNow: boolean }
  | { kind: 'bridge'; device: BridgeShape }
  | { kind: 'gate'; device: GateShape }
  | { kind: 'doorSensor'; device: DoorSensorShape };

const KINDS = [DeviceType.bridge, DeviceType.lockPro, DeviceType.lockGo, DeviceType.gate, DeviceType.doorSensor];

/** One device of the viewer in its kind's API shape (portal pages; 404 when unseen). */
export async function deviceOverview(ctx: Ctx, id: number): Promise<DeviceOverview> {
  const [x] = await loadVisible(ctx, { types: KINDS, ids: [id], userSettings: true });
  if (!x) throw NotFound('Device');
  const t = x.d.type;
  if (t === DeviceType.lockPro || t === DeviceType.lockGo) return { kind: 'lock', device: lockShape(x, ctx.now(), { includeUserSettings: true }), activeNow: x.access.activeNow };
  if (t === DeviceType.bridge) return { kind: 'bridge', device: bridgeShape(x) };
  if (t === DeviceType.gate) return { kind: 'gate', device: gateShape(x, true) };
  return { kind: 'doorSensor', device: doorSensorShape(x, true) };
}
