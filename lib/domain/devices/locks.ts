import { and, inArray, isNull, lte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { devices } from '@/db/schema';
import { LOCK_TYPES as LOCKS } from '@/lib/shared/devices/codes';
import { settleShown } from './commands';
import type { Ctx } from '../context';
import { NotFound } from '../errors';
import { organizationsByIds } from '../organizations/organizations';
import { JsonText } from '../json-text';
import { keptAnswers, type KeptAnswers, type KeptKind } from './kept';
import { loadOne, loadVisible, loadVisibleStamps, type LoadOptions } from './load';
import { wholeAnswer } from './whole';
import { lockShape, type LockOptions, type LockShape } from './lock-shape';
import type { Loaded } from './shape';

export const LOCK_TYPES = [...LOCKS];

/** GET /my/lock/{id}: one lock the caller can see (404 otherwise). */
export async function getLock(ctx: Ctx, input: { id: number } & LockOptions) {
  return lockShape(await oneLock(ctx, input.id), ctx.now(), input);
}

/** One lock the caller can see, settled first when a command of it is due (404 otherwise). */
async function oneLock(ctx: Ctx, id: number): Promise<Loaded> {
  let x = await loadOne(ctx, id, LOCK_TYPES);
  if (x && (await settleShown(ctx.db, [x.d], ctx.now()))) x = await loadOne(ctx, id, LOCK_TYPES);
  if (!x) throw NotFound('Lock');
  return x;
}

/**
 * Loads the devices, settling first any command whose time has come. Only a lock shown mid-command
 * costs an extra query (lib/domain/devices/commands.ts, settleShown): the usual read costs none.
 */
async function loadSettled(ctx: Ctx, o: Parameters<typeof loadVisible>[1]) {
  const rows = await loadVisible(ctx, o);
  if (
    !(await settleShown(
      ctx.db,
      rows.map((x) => x.d),
      ctx.now(),
    ))
  )
    return rows;
  return loadVisible(ctx, o);
}

export interface LockFilters extends LockOptions {
  text?: string;
  state?: number[];
  /** Tedee's Filters.BatteryLevel: locks whose battery is at this level or lower (percent) */
  batteryLevel?: number;
  /** ours, kept additive: locks whose battery is below this level (percent) */
  batteryBelow?: number;
  accessLevel?: number[];
  /** Tedee's Filters.OrganizationIds: these organizations' locks; `null` among them = private locks */
  organizationIds?: Array<number | null>;
  /** Tedee's Filters.UpdateAvailable: a software update is (true) or is not (false) available */
  updateAvailable?: boolean;
  /** Tedee's IncludeOrganization: each lock names its organization ({id, name} or null) */
  includeOrganization?: boolean;
  page?: number;
  itemsPerPage?: number;
}

/** Any software of the device has an update waiting (softwareVersions is a jsonb array). */
const hasUpdate = sql`${devices.softwareVersions} @> '[{"updateAvailable": true}]'::jsonb`;

/** A lock in GET /my/lock: its answer with `lockProperties` (withLegacyName), kept between requests (kept.ts). */
const LOCK_LIST_ANSWER: KeptKind = { name: 'lock list', shape: (x, now, o) => withLegacyName(lockShape(x, now, o)) };

export type LockListItem = ReturnType<typeof withLegacyName<LockShape>> & {
  organizationId?: number | null;
  organization?: { id: number; name: string } | null;
};

/**
 * GET /my/lock: the caller's locks, filtered, sorted by name, as Tedee's array (docs/source/
 * endpoints/lock/get-all.rst). Every lock when no paging is asked for; `page` / `itemsPerPage`
 * (either one; the other defaults to 1 / 100) cut one page of that order. Each lock's answer is kept
 * between requests while its row is unchanged (kept.ts), and the whole list while nothing it is made
 * of changed (whole.ts; not with IncludeOrganization or an access-level filter, whose parts are read
 * each time); the organization's part is read each time.
 */
export async function listLocks(ctx: Ctx, f: LockFilters): Promise<JsonText<LockListItem[]>> {
  const paged = f.page !== undefined || f.itemsPerPage !== undefined;
  const conds: SQL[] = [];
  if (f.state?.length) conds.push(inArray(devices.state, f.state));
  if (f.batteryLevel !== undefined) conds.push(lte(devices.batteryLevel, f.batteryLevel));
  if (f.batteryBelow !== undefined) conds.push(lt(devices.batteryLevel, f.batteryBelow));
  if (f.organizationIds?.length) {
    const ids = f.organizationIds.filter((x): x is number => x !== null);
    const anyOf: SQL[] = [];
    if (ids.length) anyOf.push(inArray(devices.organizationId, ids));
    if (f.organizationIds.includes(null)) anyOf.push(isNull(devices.organizationId));
    conds.push(or(...anyOf)!);
  }
  if (f.updateAvailable !== undefined) conds.push(f.updateAvailable ? hasUpdate : sql`not (${hasUpdate})`);
  const load: LoadOptions = {
    types: LOCK_TYPES,
    text: f.text,
    textInSerial: true,
    accessLevels: f.accessLevel,
    where: conds.length ? and(...conds) : undefined,
    page: paged ? (f.page ?? 1) : undefined,
    itemsPerPage: paged ? (f.itemsPerPage ?? 100) : undefined,
    userSettings: f.includeUserSettings,
  };
  const listed = async (c: Ctx, store: Db) => {
    const stamped = await loadVisibleStamps(c, load);
    return keptAnswers(c, LOCK_LIST_ANSWER, stamped, f, store);
  };
  if (!f.includeOrganization) {
    const text = (r: KeptAnswers) => `[${r.answers.map((a) => a.text).join(',')}]`;
    // an access-level filter is one the whole answer's digest does not follow (whole.ts)
    if (f.accessLevel?.length) return new JsonText<LockListItem[]>(text(await listed(ctx, ctx.db)));
    // everything the list depends on besides the caller and the rows (whole.ts): every option as asked
    const question = JSON.stringify(['lock list', f]);
    return wholeAnswer<LockListItem[]>(ctx, question, load, async (snap, store) => {
      const r = await listed(snap, store);
      return { text: text(r), until: r.until };
    });
  }
  const { answers } = await listed(ctx, ctx.db);
  const orgIds = [...new Set(answers.map((a) => a.device.organizationId).filter((x): x is number => x !== null))];
  const orgs = await organizationsByIds(ctx.db, orgIds);
  // the organization's part is read every time (its name is the organization's row, not the lock's)
  const withOrg = answers.map(({ device: { organizationId: id }, text }) => {
    const org = (id !== null && orgs.get(id)) || null;
    return `${text.slice(0, -1)},"organizationId":${JSON.stringify(id)},"organization":${JSON.stringify(org)}}`;
  });
  return new JsonText<LockListItem[]>(`[${withOrg.join(',')}]`);
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

/**
 * `lockProperties`, the name Tedee's API gave `deviceState` until v1.35, beside it in the lock list
 * and lock sync (outside our contract): the public clients read it (pytedee and homebridge-tedee
 * fail without it, aiotedee sees every lock's state as unknown; docs/api-compatibility.md).
 */
const withLegacyName = <T extends { deviceState: unknown }>(l: T) =>
  Object.assign(l, { lockProperties: l.deviceState });

const syncShape = (l: ReturnType<typeof lockShape>) =>
  withLegacyName({ id: l.id, isConnected: l.isConnected, deviceState: l.deviceState, revision: l.revision });
