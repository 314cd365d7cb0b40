import { inArray, lt, type SQL, and } from 'drizzle-orm';
import { DeviceType, devices } from '@/db/schema';
import { getGateway } from '@/lib/devices';
import type { Ctx } from '../context';
import { NotFound } from '../errors';
import { loadVisible } from './load';
import { lockShape, type LockOptions } from './lock-shape';
import { paging } from './paging';

export const LOCK_TYPES = [DeviceType.lockPro, DeviceType.lockGo];

/** GET /my/lock/{id}: one lock the caller can see (404 otherwise). */
export async function getLock(ctx: Ctx, input: { id: number } & LockOptions) {
  const [x] = await loadSettled(ctx, { types: LOCK_TYPES, ids: [input.id], userSettings: input.includeUserSettings });
  if (!x) throw NotFound('Lock');
  return lockShape(x, ctx.now(), input);
}

/**
 * Loads the devices, settling first any command whose time has come. A device holds its command
 * slot (busyOperationId) exactly while an operation is pending, so the settle round trip is only
 * paid when the row shows one: the usual read costs no extra query.
 */
async function loadSettled(ctx: Ctx, o: Parameters<typeof loadVisible>[1]) {
  const rows = await loadVisible(ctx, o);
  const inFlight = rows.filter((x) => x.d.busyOperationId !== null).map((x) => x.d.id);
  if (!inFlight.length) return rows;
  await getGateway().settleDue(ctx.db, inFlight);
  return loadVisible(ctx, o);
}

export interface LockFilters extends LockOptions {
  text?: string;
  state?: number[];
  /** locks whose battery is below this level (percent) */
  batteryBelow?: number;
  accessLevel?: number[];
  page?: number;
  itemsPerPage?: number;
}

/** GET /my/lock: the caller's locks, filtered and paged, sorted by name. */
export async function listLocks(ctx: Ctx, f: LockFilters) {
  const { page, itemsPerPage } = paging(f);
  const conds: SQL[] = [];
  if (f.state?.length) conds.push(inArray(devices.state, f.state));
  if (f.batteryBelow !== undefined) conds.push(lt(devices.batteryLevel, f.batteryBelow));
  const rows = await loadVisible(ctx, {
    types: LOCK_TYPES,
    text: f.text,
    textInSerial: true,
    accessLevels: f.accessLevel,
    where: conds.length ? and(...conds) : undefined,
    page,
    itemsPerPage,
    userSettings: f.includeUserSettings,
  });
  const now = ctx.now();
  return { page, itemsPerPage, locks: rows.map((x) => lockShape(x, now, f)) };
}

/** Lock sync: the little a phone polls for (connectivity, state, revision). */
export async function lockSync(ctx: Ctx, ids?: number[]) {
  const rows = await loadSettled(ctx, { types: LOCK_TYPES, ids: ids?.length ? ids : undefined });
  const now = ctx.now();
  return rows.map((x) => {
    const l = lockShape(x, now);
    return { id: l.id, isConnected: l.isConnected, deviceState: l.deviceState, revision: l.revision };
  });
}

/** GET /my/lock/{id}/sync */
export async function lockSyncOne(ctx: Ctx, id: number) {
  const [one] = await lockSync(ctx, [id]);
  if (!one) throw NotFound('Lock');
  return one;
}
