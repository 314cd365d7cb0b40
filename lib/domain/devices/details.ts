import { DeviceType } from '@/db/schema';
import type { Ctx } from '../context';
import { Invalid } from '../errors';
import { loadVisible } from './load';
import { lockShape, type LockOptions } from './lock-shape';
import { bridgeShape, doorSensorShape, gateShape } from './other-shapes';
import type { Loaded } from './shape';

const LISTED = [DeviceType.bridge, DeviceType.lockPro, DeviceType.lockGo, DeviceType.gate, DeviceType.doorSensor];
const isLock = (x: Loaded) => x.d.type === DeviceType.lockPro || x.d.type === DeviceType.lockGo;

/**
 * The most devices `/my/device/details` answers at once (docs/api-compatibility.md): 10,000 devices
 * are ~11 MB of JSON and ~0.4 s of a server's time; past it a caller asks page by page.
 */
export const DETAILS_AT_ONCE = 10_000;

export interface DetailsPaging {
  /** a page of the devices in name order, whatever their kind (ours, as GET /my/lock pages) */
  page?: number;
  itemsPerPage?: number;
  /** only these devices, those of them the caller sees (ours: a page showing a few devices reads only those) */
  ids?: number[];
}

/**
 * GET /my/device/details: every device of the caller by kind, from one load; or, with `page` /
 * `itemsPerPage` (either one; the other defaults to 1 / 1,000), one page of them in name order.
 * Without paging, more than `atOnce` devices is refused with what to ask instead: the answer is
 * never cut short without saying so. `ids` narrows either to those devices.
 */
export async function deviceDetails(ctx: Ctx, o: LockOptions & DetailsPaging, atOnce = DETAILS_AT_ONCE) {
  const paged = o.page !== undefined || o.itemsPerPage !== undefined;
  const all = await loadVisible(ctx, {
    types: LISTED,
    userSettings: o.includeUserSettings,
    ids: o.ids,
    // unpaged: one more than the limit tells whether there are more, without reading them all
    page: paged ? (o.page ?? 1) : 1,
    itemsPerPage: paged ? (o.itemsPerPage ?? 1000) : atOnce + 1,
  });
  if (!paged && all.length > atOnce)
    throw Invalid(
      `You can see more than ${atOnce.toLocaleString('en')} devices: ask for them page by page (page and itemsPerPage, at most 1,000 a page).`,
    );
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
