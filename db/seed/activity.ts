import { DateTime } from 'luxon';
import { inArray, sql } from 'drizzle-orm';
import { arrayOf } from '../arrays';
import { rowsOf, type Db } from '../client';
import { isActiveAt, minutesIn, withinDates, type Schedule } from '../../lib/shared/schedule';
import { deviceActivity } from '../schema';
import { HOUR_WEIGHTS, PIN_ALIASES, PROFILES, type Pick } from './activity-profiles';
import type { DemoIds } from './types';

const D = 24 * 3600_000;
const CHUNK = 5000;

/** Small deterministic PRNG (mulberry32): the same demo shape on every machine. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted<T>(items: T[], weight: (t: T) => number, r: number): T {
  const total = items.reduce((s, x) => s + weight(x), 0);
  let x = r * total;
  for (const it of items) if ((x -= weight(it)) < 0) return it;
  return items[items.length - 1];
}

interface Row {
  deviceId: number;
  userId: string | null;
  userNumId: number;
  username: string;
  event: number;
  source: number;
  date: Date;
  accessLinkId: string | null;
}

/** Who may have made an entry at a device, with the schedules that let them (from the seeded rows). */
interface Authors {
  /** `${deviceId}:${userId}` -> the user's accesses there (own and through groups) */
  people: Map<string, Sched[]>;
  /** `${deviceId}:${alias}` -> the PIN's schedule */
  pins: Map<string, Sched>;
  /** deviceId -> the links that open it, with their schedules */
  links: Map<number, Array<{ id: string; name: string; s: Sched }>>;
  zones: Map<number, string>;
}
type Sched = Schedule & { remoteAccessDisabled?: boolean };

async function loadAuthors(db: Db, deviceIds: number[]): Promise<Authors> {
  const list = sql.join(
    deviceIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const ts = (v: number | string | null) => (v === null ? null : new Date(Number(v)));
  type R = {
    device_id: number;
    key: string;
    name: string | null;
    remote_disabled: boolean | null;
    start_date: number | null;
    end_date: number | null;
    day_start_time: number | null;
    day_end_time: number | null;
    week_days: number | null;
  };
  const sched = (r: R): Sched => ({
    startDate: ts(r.start_date),
    endDate: ts(r.end_date),
    dayStartTime: ts(r.day_start_time),
    dayEndTime: ts(r.day_end_time),
    weekDays: r.week_days,
    remoteAccessDisabled: r.remote_disabled ?? false,
  });
  // instants as epoch milliseconds: the same numbers on PGlite and Postgres, whatever the session's zone
  const ms = (c: string) => sql.raw(`(extract(epoch from a.${c}) * 1000)::float8 as ${c}`);
  const cols = sql`${ms('start_date')}, ${ms('end_date')}, ${ms('day_start_time')}, ${ms('day_end_time')}, a.week_days`;
  const access = rowsOf<R>(
    await db.execute(sql`
      select a.device_id, coalesce(a.user_id, ou.user_id)::text as key, null as name, a.remote_access_disabled as remote_disabled, ${cols}
      from device_access a
      left join user_group_members gm on gm.group_id = a.group_id
      left join organization_users ou on ou.id = gm.organization_user_id
      where a.device_id in (${list}) and coalesce(a.user_id, ou.user_id) is not null`),
  );
  const pins = rowsOf<R>(
    await db.execute(
      sql`select a.device_id, a.alias as key, null as name, null as remote_disabled, ${cols} from lock_pins a where a.device_id in (${list})`,
    ),
  );
  const links = rowsOf<R>(
    await db.execute(sql`
      select d.device_id, a.id::text as key, a.name, false as remote_disabled, ${cols}
      from access_links a join access_link_devices d on d.access_link_id = a.id where d.device_id in (${list})`),
  );
  const zones = rowsOf<{ id: number; time_zone: string }>(
    await db.execute(sql`select id, time_zone from devices where id in (${list})`),
  );
  const out: Authors = { people: new Map(), pins: new Map(), links: new Map(), zones: new Map() };
  for (const r of access) {
    const k = `${r.device_id}:${r.key}`;
    out.people.set(k, [...(out.people.get(k) ?? []), sched(r)]);
  }
  for (const r of pins) out.pins.set(`${r.device_id}:${r.key}`, sched(r));
  for (const r of links)
    out.links.set(r.device_id, [...(out.links.get(r.device_id) ?? []), { id: r.key, name: r.name ?? '', s: sched(r) }]);
  for (const z of zones) out.zones.set(z.id, z.time_zone);
  return out;
}

/** A local day of a zone: its midnight as an instant, its weekday bit, the offset change by noon. */
interface LocalDay {
  midnight: number;
  weekBit: number;
  /** minutes the offset grew between midnight and noon (DST days) */
  shift: number;
}

function localDays(zone: string, from: number, to: number): LocalDay[] {
  const days: LocalDay[] = [];
  for (let d = DateTime.fromMillis(from, { zone }).startOf('day'); d.toMillis() < to; d = d.plus({ days: 1 }))
    days.push({ midnight: d.toMillis(), weekBit: 1 << (d.weekday - 1), shift: d.set({ hour: 12 }).offset - d.offset });
  return days;
}

/** The instant of a local day's minute `m` (0..1439). */
const instant = (day: LocalDay, m: number, ms: number) => day.midnight + (m - day.shift) * 60_000 + ms;

/** A minute of the day inside [from, to), busier at the usual hours. */
function minuteIn(from: number, to: number, random: () => number): number {
  const parts: Array<[number, number, number]> = [];
  for (let h = Math.floor(from / 60); h * 60 < to; h++) {
    const a = Math.max(from, h * 60);
    const b = Math.min(to, h * 60 + 60);
    if (b > a) parts.push([a, b, (HOUR_WEIGHTS[h % 24] * (b - a)) / 60]);
  }
  const [a, b] = weighted(parts, (x) => x[2], random());
  return a + Math.floor(random() * (b - a));
}

/** The daily window of a schedule in minutes (the end may pass midnight: > 1440). */
function windowOf(s: Schedule, zone: string): [number, number] {
  const from = s.dayStartTime ? minutesIn(s.dayStartTime, zone) : 0;
  let to = s.dayEndTime ? minutesIn(s.dayEndTime, zone) : 24 * 60;
  if (to <= from) to += 24 * 60;
  return [from, to];
}

/** The schedule allows something on this local day (its dates touch it, its weekdays include it). */
const onDay = (s: Schedule, day: LocalDay) =>
  (s.weekDays ?? 127) & day.weekBit &&
  (!s.startDate || s.startDate.getTime() < day.midnight + 26 * 3600_000) &&
  (!s.endDate || s.endDate.getTime() > day.midnight);

/**
 * `count` entries spread over the last year across the demo locks and gates, busier at the
 * usual hours of the door's zone. Each entry with an author obeys the schedule that let it
 * happen: a person's access (own or a group's), a PIN's, an access link's (an "outside its
 * allowed time" PIN entry, 75, falls outside it). Dates are unique per device (the log pages by
 * date), all in the past. Skipped when the demo devices already have any activity.
 */
export async function seedActivity(db: Db, ids: DemoIds, count: number, now: Date): Promise<number> {
  const deviceIds = Object.keys(PROFILES).map((n) => ids.devices[n]);
  const [any] = await db
    .select({ id: deviceActivity.id })
    .from(deviceActivity)
    .where(inArray(deviceActivity.deviceId, deviceIds))
    .limit(1);
  if (any || count <= 0) return 0;

  const authors = await loadAuthors(db, deviceIds);
  const random = rng(20240601);
  const names = Object.keys(PROFILES);
  const daysByZone = new Map<string, LocalDay[]>();
  const rows: Row[] = [];
  let left = count;
  names.forEach((name, i) => {
    const prof = PROFILES[name];
    const n = i === names.length - 1 ? left : Math.round(count * prof.share);
    left -= n;
    const deviceId = ids.devices[name];
    const zone = authors.zones.get(deviceId) ?? 'UTC';
    const end = now.getTime() - (prof.quietDays ?? 0) * D - 60_000;
    const start = now.getTime() - 365 * D;
    if (!daysByZone.has(zone)) daysByZone.set(zone, localDays(zone, start - D, now.getTime() + D));
    const days = daysByZone.get(zone)!.filter((d) => d.midnight + D > start && d.midnight < end);
    const people = prof.people.map((email) => ({
      email,
      scheds: authors.people.get(`${deviceId}:${ids.users[email].id}`) ?? [],
    }));
    const pins = (PIN_ALIASES[name] ?? []).flatMap((alias) => {
      const s = authors.pins.get(`${deviceId}:${alias}`);
      return s ? [{ alias, s }] : [];
    });
    const links = authors.links.get(deviceId) ?? [];
    const used = new Set<number>();
    for (let k = 0; k < n; k++) {
      const row = made(() => {
        const pick: Pick = weighted(prof.picks, (x) => x.weight, random());
        const day = days[Math.floor(random() * days.length)];
        const base = { deviceId, event: pick.event, source: pick.source, accessLinkId: null };
        const at = (s: Sched | null, outside = false): number | null => {
          let t: number;
          if (outside) {
            // a PIN tried outside its daily window, on one of its days
            const [a, b] = windowOf(s!, zone);
            const m = minuteIn(0, 24 * 60, random);
            if ((m >= a && m < b) || m + 24 * 60 < b) return null;
            t = instant(day, m, Math.floor(random() * 60_000));
          } else {
            const [a, b] = s ? windowOf(s, zone) : [0, 24 * 60];
            t = instant(day, minuteIn(a, b, random), Math.floor(random() * 60_000));
          }
          while (used.has(t)) t += 1; // unique per device, as the log's cursor requires
          if (t < start || t > end) return null;
          if (s && !withinDates(s, new Date(t))) return null;
          if (s && isActiveAt(s, new Date(t), zone) === outside) return null;
          if (s && pick.source === 1 && s.remoteAccessDisabled) return null;
          return t;
        };
        if (pick.author === 'person') {
          const who = people.filter((p) => p.scheds.some((s) => onDay(s, day)));
          if (!who.length) return null;
          const p = who[Math.floor(random() * who.length)];
          const open = p.scheds.filter((s) => onDay(s, day));
          const t = at(open[Math.floor(random() * open.length)]);
          const u = ids.users[p.email];
          return t === null
            ? null
            : { ...base, date: new Date(t), userId: u.id, userNumId: u.numId, username: u.displayName };
        }
        if (pick.author === 'pin') {
          const outside = pick.event === 75;
          const which = pins.filter((p) => onDay(p.s, day) && (!outside || p.s.dayStartTime || p.s.dayEndTime));
          if (!which.length) return null;
          const p = which[Math.floor(random() * which.length)];
          const t = at(p.s, outside);
          return t === null ? null : { ...base, date: new Date(t), userId: null, userNumId: 0, username: p.alias };
        }
        if (pick.author === 'link') {
          // a link in use: its own days (the open-house weekend), not the year's
          const past = links.filter((l) => l.s.startDate && l.s.startDate.getTime() < end);
          if (!past.length) return null;
          const l = past[Math.floor(random() * past.length)];
          const from = Math.max(start, l.s.startDate!.getTime());
          const to = Math.min(end, l.s.endDate?.getTime() ?? end);
          const inRange = days.filter((d) => d.midnight + D > from && d.midnight < to && onDay(l.s, d));
          if (!inRange.length) return null;
          const d = inRange[Math.floor(random() * inRange.length)];
          const [a, b] = windowOf(l.s, zone);
          let t = instant(d, minuteIn(a, b, random), Math.floor(random() * 60_000));
          while (used.has(t)) t += 1;
          if (t < from || t >= to || !isActiveAt(l.s, new Date(t), zone)) return null;
          return { ...base, date: new Date(t), userId: null, userNumId: 0, username: l.name, accessLinkId: l.id };
        }
        const t = at(null);
        return t === null ? null : { ...base, date: new Date(t), userId: null, userNumId: 0, username: '' };
      });
      used.add(row.date.getTime());
      rows.push(row);
    }
  });
  // Oldest first, like a real log. One INSERT ... SELECT unnest(arrays) per chunk: about 4x
  // faster than a multi-row VALUES on PGlite, and a few parameters instead of 40,000.
  rows.sort((a, b) => a.date.getTime() - b.date.getTime());
  for (let i = 0; i < rows.length; i += CHUNK) {
    const c = rows.slice(i, i + CHUNK);
    await db.execute(sql`
      insert into device_activity (device_id, user_id, user_num_id, username, event, source, date, access_link_id)
      select * from unnest(
        ${arrayOf(
          'int',
          c.map((r) => r.deviceId),
        )}, ${arrayOf(
          'uuid',
          c.map((r) => r.userId),
        )},
        ${arrayOf(
          'int',
          c.map((r) => r.userNumId),
        )}, ${arrayOf(
          'text',
          c.map((r) => r.username),
        )},
        ${arrayOf(
          'int',
          c.map((r) => r.event),
        )}, ${arrayOf(
          'int',
          c.map((r) => r.source),
        )},
        ${arrayOf(
          'timestamp(3)',
          c.map((r) => r.date.toISOString().slice(0, 23).replace('T', ' ')),
        )},
        ${arrayOf(
          'uuid',
          c.map((r) => r.accessLinkId),
        )})
      on conflict do nothing`);
  }
  return rows.length;
}

/** Tries until an attempt gives an entry (a pick, day or author that cannot fit is drawn again). */
function made(attempt: () => Row | null): Row {
  for (let i = 0; i < 1000; i++) {
    const r = attempt();
    if (r) return r;
  }
  throw new Error('demo activity: no entry fits the schedules');
}
