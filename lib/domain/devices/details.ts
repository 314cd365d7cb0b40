import { DeviceType } from '@/db/schema';
import type { Ctx } from '../context';
import { loadVisible } from './load';
import { lockShape, type LockOptions } from './lock-shape';
import { bridgeShape, doorSensorShape, gateShape } from './other-shapes';
import type { Loaded } from './shape';

const LISTED = [DeviceType.bridge, DeviceType.lockPro, DeviceType.lockGo, DeviceType.gate, DeviceType.doorSensor];
const isLock = (x: Loaded) => x.d.type === DeviceType.lockPro || x.d.type === DeviceType.lockGo;

/** GET /my/device/details: every device of the caller by kind, from one load. */
export async function deviceDetails(ctx: Ctx, o: LockOptions) {
  const all = await loadVisible(ctx, { types: LISTED, userSettings: o.includeUserSettings });
  const now = ctx.now();
  return {
    bridges: all.filter((x) => x.d.type === DeviceType.bridge).map(bridgeShape),
    locks: all.filter(isLock).map((x) => lockShape(x, now, o)),
    // no keypad or dry-contact hardware is modelled: the lists exist and are empty
    keypads: [] as unknown[],
    gates: all.filter((x) => x.d.type === DeviceType.gate).map((x) => gateShape(x, o.includeUserSettings)),
    dryContacts: [] as unknown[],
  };
}

/** GET /my/bridge */
export async function listBridges(ctx: Ctx) {
  return (await loadVisible(ctx, { types: [DeviceType.bridge] })).map(bridgeShape);
}

/** GET /my/device: all the caller's devices, each in its own kind's shape, sorted by name. */
export async function listDevices(ctx: Ctx) {
  const now = ctx.now();
  return (await loadVisible(ctx, { types: LISTED })).map((x) => {
    if (isLock(x)) return lockShape(x, now);
    if (x.d.type === DeviceType.bridge) return bridgeShape(x);
    if (x.d.type === DeviceType.gate) return gateShape(x);
    return doorSensorShape(x);
  });
}
