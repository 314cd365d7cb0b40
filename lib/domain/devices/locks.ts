import { inArray, lt, type SQL, and } from 'drizzle-orm';
import { devices } from '@/db/schema';
import { LOCK_TYPES as LOCKS } from '@/lib/devices/codes';
import { getGateway } from '@/lib/devices';
import type { Ctx } from '../context';
import { NotFound } from '../errors';
import { loadOne, loadVisible } from './load';
import { lockShape, type LockOptions } from './lock-shape';
import { paging } from './paging';
import type { Loaded } from './shape';

export const LOCK_TYPES = [...LOCKS];

/** GET /my/lock/{id}: one lock the caller can see (404 otherwise). */
export async function getLock(ctx: Ctx, input: { id: number } & LockOptions) {
  return lockShape(await oneLock(ctx, input.id), ctx.now(), input);
}

/** One lock the caller can see, settled first when a command of it is due (404 otherwise). */
async function oneLock(ctx: Ctx, id: number): Promise<Loaded> {
  let x = await loadOne(ctx, id, LOCK_TYPES);
  if (x?.d.busyOperationId) {
    await getGateway().settleDue(ctx.db, [id]);
    x = await loadOne(ctx, id, LOCK_TYPES);
  }
  if (!x) throw NotFound('Lock');
  return x;
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
  return rows.map((x) => syncShape(lockShape(x, now)));
}

/** GET /my/lock/{id}/sync */
export async function lockSyncOne(ctx: Ctx, id: number) {
  return syncShape(lockShape(await oneLock(ctx, id), ctx.now()));
}

const syncShape = (l: ReturnType<typeof lockShape>) => ({ id: l.id, isConnected: l.isConnected, deviceState: l.deviceState, revision: l.revision });
