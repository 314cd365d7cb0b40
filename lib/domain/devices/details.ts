import { DeviceType, isLockType } from '@/lib/shared/devices/codes';
import type { Ctx } from '../context';
import { Invalid } from '../errors';
import { JsonText } from '../json-text';
import { DETAILS_ANSWER, keptAnswers, shapeOf } from './kept';
import { loadVisible, loadVisibleStamps, type LoadOptions } from './load';
import { wholeAnswer } from './whole';
import type { LockOptions, LockShape } from './lock-shape';
import { bridgeShape, type BridgeShape, type GateShape } from './other-shapes';

const LISTED = [DeviceType.bridge, DeviceType.lockPro, DeviceType.lockGo, DeviceType.gate, DeviceType.doorSensor];

/** GET /my/device/details' answer */
export interface DetailsShape {
  bridges: BridgeShape[];
  locks: LockShape[];
  keypads: unknown[];
  gates: GateShape[];
  dryContacts: unknown[];
}

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
 * never cut short without saying so. `ids` narrows either to those devices. Each device's answer
 * is kept between requests while its row is unchanged (kept.ts), the caller's part filled in, and
 * the whole answer while nothing it is made of changed (whole.ts).
 */
export async function deviceDetails(
  ctx: Ctx,
  o: LockOptions & DetailsPaging,
  atOnce = DETAILS_AT_ONCE,
): Promise<JsonText<DetailsShape>> {
  const paged = o.page !== undefined || o.itemsPerPage !== undefined;
  const load: LoadOptions = {
    types: LISTED,
    userSettings: o.includeUserSettings,
    ids: o.ids,
    // unpaged: one more than the limit tells whether there are more, without reading them all
    page: paged ? (o.page ?? 1) : 1,
    itemsPerPage: paged ? (o.itemsPerPage ?? 1000) : atOnce + 1,
  };
  // everything the answer depends on besides the caller and the rows (whole.ts): every option as asked
  const question = JSON.stringify(['details', o, atOnce]);
  return wholeAnswer<DetailsShape>(ctx, question, load, async (snap, store) => {
    const all = await loadVisibleStamps(snap, load);
    if (!paged && all.length > atOnce)
      throw Invalid(
        `You can see more than ${atOnce.toLocaleString('en')} devices: ask for them page by page (page and itemsPerPage, at most 1,000 a page).`,
      );
    // door sensors count towards the limit and the pages, and have no list here
    const { answers, until } = await keptAnswers(
      snap,
      DETAILS_ANSWER,
      all.filter((s) => s.type !== DeviceType.doorSensor),
      o,
      store,
    );
    const list = (of: (type: number) => boolean) =>
      `[${answers
        .filter((a) => of(a.device.type))
        .map((a) => a.text)
        .join(',')}]`;
    // no keypad or dry-contact hardware is modelled: the lists exist and are empty
    return {
      text: `{"bridges":${list((t) => t === DeviceType.bridge)},"locks":${list(isLockType)},"keypads":[],"gates":${list((t) => t === DeviceType.gate)},"dryContacts":[]}`,
      until,
    };
  });
}

/** GET /my/bridge */
export async function listBridges(ctx: Ctx) {
  return (await loadVisible(ctx, { types: [DeviceType.bridge] })).map(bridgeShape);
}

/** GET /my/device: all the caller's devices, each in its own kind's shape, sorted by name. */
export async function listDevices(ctx: Ctx) {
  const now = ctx.now();
  return (await loadVisible(ctx, { types: LISTED })).map((x) => shapeOf(x, now));
}
