import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { logError } from '@/lib/log';
import { jsonArrayText } from '@/db/json-row';
import { perDb } from '@/db/prepared';
import { devices } from '@/db/schema';
import { keyStillValidSql } from '@/lib/auth/keys';
import { callerValues, confirmKey, type Ctx } from '../context';
import { NotFound } from '../errors';
import { ACTIVITY_PAGE } from '@/lib/shared/activity/names';
import { JsonText } from '../json-text';
import {
  candidatesFromJson,
  candidatesJson,
  visibleMay,
  effectiveOf,
  fullViewOf,
  withinDates,
} from '../access/effective';
import { may } from '@/lib/shared/policy';
import { requireDevice } from '../policy/enforce';
import { anyInt, arrayOf } from '@/db/arrays';

/** One activity item as api-v37.md names its fields (endpoint 6). */
export interface ActivityItem {
  id: number;
  deviceId: number;
  /** the author's number (users.num_id); 0 when the entry has no author */
  userId: number;
  username: string;
  event: number;
  source: number;
  /** UTC without zone, milliseconds */
  date: string;
}

export interface ActivityPageInput {
  /** one device; absent = every device the caller can see (the portal's "all devices" view) */
  deviceId?: number;
  elements: number;
  /** only items strictly older than this (default now) */
  lastElemDate?: Date;
  /** across devices two entries may share a date: the last item's id breaks the tie */
  lastElemId?: number;
  events?: number[];
  /** only items at or after this (the portal's date range, export) */
  from?: Date;
  /** only the entries of this author (users.num_id, the items' userId); 0 = entries without an author */
  author?: number;
  /** only the devices of this site (issue 35); 0 = devices in no site (a private one, or not yet placed) */
  siteId?: number;
}

interface Scope {
  ids: number[];
  full: boolean[];
}

/**
 * The devices the caller may read the log of, and how much of it: an owner or administrator
 * with active access reads everything; a guest (or an access outside its schedule) reads only
 * their own entries and those without an author.
 *
 * Every device: the database names the devices whose full view is plain (the caller's own access
 * of administrator or owner, without a weekly schedule, not outside their sites: a user's own
 * access always is the effective one), and only the others' accesses are read and judged here by
 * the policy. An owner of 10,000 doors costs 10,000 small rows, not 10,000 decoded accesses.
 */
export async function activityScope(ctx: Ctx, deviceId?: number): Promise<Scope> {
  const now = ctx.now();
  if (deviceId !== undefined) {
    const acc = await requireDevice(ctx, deviceId, 'see');
    return { ids: [deviceId], full: [may('seeAllActivity', acc, now)] };
  }
  const rows = await visibleMay(ctx.db, ctx.caller.userId, now, 'seeAllActivity');
  const scope: Scope = { ids: rows.map((r) => r.id), full: rows.map((r) => r.may) };
  return scope;
}

/**
 * The name an entry shows. Entries without an author carry a PIN's alias or an access link's name
 * (PIN aliases and link names are for those who manage the device): a caller without the full view
 * (lib/shared/policy: seeAllActivity) sees them without that name.
 */
const shownName = (full: SQL, entry: SQL) =>
  sql`case when ${full} or ${entry}.user_id is not null then ${entry}.username else '' end`;

/**
 * From when a caller without the full view reads a device's entries without an author (by hand,
 * keypad, links; lib/shared/policy: seeAllActivity): from when their access began, the latest of
 * its creation, its start date and their joining the group that holds it; the earliest over their
 * current accesses. A guest given a door today does not read who came and went before. A UTC
 * timestamp, as device_activity.date; null (nothing) without a current access.
 */
function authorlessSince(userId: SQL, deviceId: SQL, now: SQL | Placeholder | Date): SQL {
  const within = withinDates(now);
  return sql`(select min(s.since) at time zone 'UTC' from (
      select greatest(device_access.created, device_access.start_date) as since from device_access
      where device_access.device_id = ${deviceId} and device_access.user_id = ${userId} and ${within}
      union all
      select greatest(device_access.created, device_access.start_date, m.created) from device_access
      join user_group_members m on m.group_id = device_access.group_id
      join organization_users ou on ou.id = m.organization_user_id
      where device_access.device_id = ${deviceId} and ou.user_id = ${userId} and ${within}
    ) s)`;
}

const ts = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');

/**
 * From this many devices of full view on, their entries are read in one scan of the log by date
 * (activity_date_idx, newest month first) that keeps the entries of those devices, instead of one
 * keyset scan per device: an owner of 10,000 doors read 50 entries of each of them (500,000) to
 * keep the newest 50 (~2.5 s); the scan by date stops after the first 50 of theirs (~1 ms when
 * their doors write most of the log). Below it, a few devices' own scans cost less than a scan by
 * date that skips the other organizations' entries. docs/performance.md.
 */
export const DATE_SCAN_FROM = 1000;

/**
 * One page, newest first. Keyset per device on the unique index (device_id, date), merged
 * across devices with LATERAL, so every page costs the same at any depth (never OFFSET); the
 * devices of full view at or beyond `dateScanFrom` in one scan by date instead (DATE_SCAN_FROM).
 */
export async function activityPage(
  ctx: Ctx,
  scope: Scope,
  q: ActivityPageInput,
  dateScanFrom = DATE_SCAN_FROM,
): Promise<ActivityItem[]> {
  if (!scope.ids.length) return [];
  const before = ts(q.lastElemDate ?? ctx.now());
  const tie =
    q.lastElemId !== undefined ? sql`and (x.date < ${before}::timestamp(3) or x.id < ${q.lastElemId})` : sql``;
  const upper =
    q.lastElemId !== undefined ? sql`x.date <= ${before}::timestamp(3)` : sql`x.date < ${before}::timestamp(3)`;
  const events = q.events?.length ? sql`and ${anyInt(sql`x.event`, q.events)}` : sql``;
  const from = q.from ? sql`and x.date >= ${ts(q.from)}::timestamp(3)` : sql``;
  const author = q.author !== undefined ? sql`and x.user_num_id = ${q.author}` : sql``;
  const filters = sql`${upper} ${tie} ${events} ${from} ${author}`;
  // a site narrows the devices before any of their entries is read (the site's devices by devices_site_idx)
  const siteOf = (s: string) =>
    q.siteId === 0 ? sql`${sql.raw(s)}.site_id is null` : sql`${sql.raw(s)}.site_id = ${q.siteId}`;
  const site = q.siteId === undefined ? sql`` : sql`join devices s on s.id = d.id and ${siteOf('s')}`;

  const fullIds = scope.ids.filter((_, i) => scope.full[i]);
  const byDate = fullIds.length >= dateScanFrom;
  // the devices read one by one: of full view (unless read by date), and of the reduced view
  const fullPer = byDate ? [] : fullIds;
  const reducedPer = scope.ids.filter((_, i) => !scope.full[i]);
  const parts: SQL[] = [];
  // Each view is a lateral of its own over its devices, each branch its own backward index scan:
  // everything (activity_device_date_uq) for a full view; the viewer's own and the authorless entries
  // (activity_device_user_date_idx) otherwise, so a guest's page stays cheap however many entries of
  // others lie in between. One lateral holding both views, each branch gated by the device's view,
  // cost PGlite several times one view's scan (docs/performance.md, the page of one device).
  const cond = sql`x.device_id = d.id and ${filters}`;
  const branch = (who: SQL) =>
    sql`(select x.* from device_activity x where ${cond} ${who} order by x.date desc limit ${q.elements})`;
  const over = (ids: number[], page: SQL, name: SQL) =>
    sql`
    select a.id, a.device_id, a.user_num_id, ${name} as username, a.event, a.source, a.date
    from unnest(${arrayOf('int', ids)}) as d(id)
    ${site}
    cross join lateral ${page} a`;
  if (fullPer.length) parts.push(over(fullPer, branch(sql``), sql`a.username`));
  if (reducedPer.length)
    parts.push(
      over(
        reducedPer,
        sql`(
      select u.* from (
        ${branch(sql`and x.user_id = ${ctx.caller.userId}::uuid`)}
        union all
        ${branch(sql`and x.user_id is null and x.date >= ${authorlessSince(sql`${ctx.caller.userId}::uuid`, sql`d.id`, ctx.now())}`)}
      ) u
      order by u.date desc
      limit ${q.elements}
    )`,
        shownName(sql`false`, sql`a`),
      ),
    );
  if (byDate) {
    // the ids as an array the planner does not read element by element: a constant of 10,000 ids
    // took it 80-150 ms to plan over 28 months (a selectivity per element and partition)
    parts.push(sql`
    (select x.id, x.device_id, x.user_num_id, x.username, x.event, x.source, x.date
    from device_activity x
    where x.device_id = any(array(select d.id from unnest(${arrayOf('int', fullIds)}) d(id) ${site})) and ${filters}
    order by x.date desc
    limit ${q.elements})`);
  }
  const res = await ctx.db.execute(sql`
    select p.id, p.device_id, p.user_num_id, p.username, p.event, p.source,
           to_char(p.date, 'YYYY-MM-DD"T"HH24:MI:SS.MS') as date
    from (${sql.join(parts, sql` union all `)}) p
    order by p.date desc, p.id desc
    limit ${q.elements}`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    id: Number(r.id),
    deviceId: Number(r.device_id),
    userId: Number(r.user_num_id),
    username: String(r.username),
    event: Number(r.event),
    source: Number(r.source),
    date: String(r.date),
  }));
}

/**
 * The first page of the portal's log without a filter (every device the caller sees, or one
 * device's tab), as the portal's first GET /my/deviceactivity would answer it: the page renders
 * it on the server instead of asking after hydration.
 */
export async function firstActivityPage(ctx: Ctx, deviceId?: number): Promise<ActivityItem[] | undefined> {
  try {
    const page = await listActivity(ctx, { deviceId, elements: ACTIVITY_PAGE });
    return page instanceof JsonText ? page.parse() : page;
  } catch (e) {
    // the page still renders: the feed then asks the API itself and shows what it answers
    logError('the activity page read its first page', e);
    return undefined;
  }
}

/** GET /my/deviceactivity */
export async function listActivity(ctx: Ctx, q: ActivityPageInput): Promise<ActivityItem[] | JsonText<ActivityItem[]>> {
  if (
    q.deviceId !== undefined &&
    q.lastElemId === undefined &&
    !q.events?.length &&
    !q.from &&
    q.author === undefined &&
    q.siteId === undefined
  )
    return devicePageAtOnce(ctx, q.deviceId, q);
  return activityPage(ctx, await activityScope(ctx, q.deviceId), q);
}

/**
 * The page of one device (the API's usual call) in one statement: the caller's candidate accesses,
 * the remembered-key check and the page as the text of one json array, answered as it is. Which view
 * the page takes is decided in SQL by the access level (`lv.full`), and each view is a statement of
 * its own: the full view is one backward scan of the device's log, the reduced one the caller's own
 * entries and the authorless ones since their access began. One statement holding both views, each
 * gated by `lv.full`, cost PGlite 11 ms a page where one view alone costs ~2 (docs/performance.md).
 * The schedule part of the rule (an administrator outside their hours reads like a guest) needs the
 * device's zone, so it is confirmed here, and in that rare case the page is read again the general way.
 */
function devicePageQuery(db: Db, view: 'full' | 'reduced') {
  const ph = sql.placeholder;
  const lv = fullViewOf(db);
  const branch = (who: SQL) =>
    sql`(select x.* from device_activity x where x.device_id = "devices"."id" and x.date < ${ph('before')}::timestamp(3) ${who} order by x.date desc limit ${ph('elements')})`;
  const columns = (name: SQL) =>
    sql`u.id as "id", u.device_id as "deviceId", u.user_num_id as "userId", ${name} as "username", u.event as "event", u.source as "source", to_char(u.date, 'YYYY-MM-DD"T"HH24:MI:SS.MS') as "date"`;
  // one device's dates are unique (activity_device_date_uq): the date alone orders its page
  const page =
    view === 'full'
      ? jsonArrayText(sql`(select ${columns(sql`u.username`)} from ${branch(sql``)} u where "lv"."full")`)
      : jsonArrayText(sql`(
    select ${columns(shownName(sql`false`, sql`u`))}
    from (
      ${branch(sql`and x.user_id = ${ph('userId')}::uuid`)}
      union all
      ${branch(sql`and x.user_id is null and x.date >= ${authorlessSince(sql`${ph('userId')}::uuid`, sql`"devices"."id"`, ph('now'))}`)}
    ) u
    where not "lv"."full"
    order by u.date desc
    limit ${ph('elements')})`);
  return db
    .select({
      keyOk: keyStillValidSql(),
      timeZone: devices.timeZone,
      full: lv.full,
      candidates: candidatesJson(db),
      page,
    })
    .from(devices)
    .innerJoinLateral(lv, sql`true`)
    .where(eq(devices.id, ph('deviceId')))
    .prepare(`activity_device_page_${view}`);
}

const devicePage = {
  full: perDb((db) => devicePageQuery(db, 'full')),
  reduced: perDb((db) => devicePageQuery(db, 'reduced')),
};

/**
 * Which view a caller last read a device's log in (userId:deviceId), this process's guess of the
 * statement to run first: a wrong guess costs one statement more (the page is gated in SQL by the
 * level and confirmed by the policy after), never a page of the wrong view. Without a guess, the full
 * view (the API's callers are mostly the doors' owners). Bounded: emptied when it grows past HINTS.
 */
const viewHints = new Map<string, boolean>();
const HINTS = 10_000;

async function devicePageAtOnce(
  ctx: Ctx,
  deviceId: number,
  q: ActivityPageInput,
): Promise<ActivityItem[] | JsonText<ActivityItem[]>> {
  const now = ctx.now();
  const hint = `${ctx.caller.userId}:${deviceId}`;
  const values = { deviceId, before: ts(q.lastElemDate ?? now), elements: q.elements, ...callerValues(ctx, now) };
  const guess = viewHints.get(hint) ?? true;
  let [row] = await devicePage[guess ? 'full' : 'reduced'](ctx.db).execute(values);
  if (!row) throw NotFound('Device');
  if (row.full !== guess) [row] = await devicePage[row.full ? 'full' : 'reduced'](ctx.db).execute(values);
  if (!row) throw NotFound('Device');
  if (viewHints.size >= HINTS) viewHints.clear();
  viewHints.set(hint, row.full);
  confirmKey(ctx, row.keyOk);
  const full = may('seeAllActivity', effectiveOf(candidatesFromJson(row.candidates), row.timeZone, now), now);
  if (full !== row.full) return activityPage(ctx, { ids: [deviceId], full: [full] }, q);
  return new JsonText(row.page);
}
