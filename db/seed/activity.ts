import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
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

/** A Postgres array literal ({1,"a b",NULL}), passed as one parameter. */
function pgArray(values: Array<string | number | null>): string {
  const item = (v: string | number | null) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `"${v.replace(/[\\"]/g, '\\$&')}"`);
  return `{${values.map(item).join(',')}}`;
}

/**
 * `count` entries spread over the last year across the demo locks and gates, busier at the
 * usual hours (Warsaw, approximated as UTC+1). Dates are unique per device (the log pages by
 * date), all in the past. Skipped when the demo devices already have any activity.
 */
export async function seedActivity(db: Db, ids: DemoIds, count: number, now: Date): Promise<number> {
  const deviceIds = Object.keys(PROFILES).map((n) => ids.devices[n]);
  const [any] = await db.select({ id: deviceActivity.id }).from(deviceActivity).where(inArray(deviceActivity.deviceId, deviceIds)).limit(1);
  if (any || count <= 0) return 0;

  const random = rng(20240601);
  const links = Object.entries(ids.accessLinks);
  // The expired open-house link was used during its weekend; the current one not yet.
  const openHouse = links.find(([name]) => name === 'Open house weekend');
  const names = Object.keys(PROFILES);
  const rows: Row[] = [];
  let left = count;
  names.forEach((name, i) => {
    const prof = PROFILES[name];
    const n = i === names.length - 1 ? left : Math.round(count * prof.share);
    left -= n;
    const deviceId = ids.devices[name];
    const end = now.getTime() - (prof.quietDays ?? 0) * D - 60_000;
    const start = now.getTime() - 365 * D;
    const used = new Set<number>();
    for (let k = 0; k < n; k++) {
      const pick: Pick = weighted(prof.picks, (x) => x.weight, random());
      let t: number;
      if (pick.author === 'link' && openHouse) {
        t = now.getTime() - 60 * D + Math.floor(random() * 2 * D);
      } else {
        const day = Math.floor(start / D) + Math.floor(random() * ((end - start) / D));
        const hour = weighted([...HOUR_WEIGHTS.keys()], (h) => HOUR_WEIGHTS[h], random());
        t = day * D + (hour - 1) * 3600_000 + Math.floor(random() * 3600_000); // local hour -> UTC (UTC+1)
        if (t > end || t < start) t = start + Math.floor(random() * (end - start));
      }
      while (used.has(t)) t += 1; // unique per device, as the log's cursor requires
      used.add(t);
      rows.push(entry(ids, deviceId, name, pick, random, openHouse, t));
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
        ${pgArray(c.map((r) => r.deviceId))}::int[], ${pgArray(c.map((r) => r.userId))}::uuid[],
        ${pgArray(c.map((r) => r.userNumId))}::int[], ${pgArray(c.map((r) => r.username))}::text[],
        ${pgArray(c.map((r) => r.event))}::int[], ${pgArray(c.map((r) => r.source))}::int[],
        ${pgArray(c.map((r) => r.date.toISOString().slice(0, 23).replace('T', ' ')))}::timestamp(3)[],
        ${pgArray(c.map((r) => r.accessLinkId))}::uuid[])
      on conflict do nothing`);
  }
  return rows.length;
}

function entry(ids: DemoIds, deviceId: number, name: string, pick: Pick, random: () => number, link: [string, string] | undefined, t: number): Row {
  const base = { deviceId, event: pick.event, source: pick.source, date: new Date(t), accessLinkId: null };
  if (pick.author === 'person') {
    const email = PROFILES[name].people[Math.floor(random() * PROFILES[name].people.length)];
    const u = ids.users[email];
    return { ...base, userId: u.id, userNumId: u.numId, username: u.displayName };
  }
  if (pick.author === 'pin') {
    const aliases = PIN_ALIASES[name] ?? ['PIN'];
    return { ...base, userId: null, userNumId: 0, username: aliases[Math.floor(random() * aliases.length)] };
  }
  if (pick.author === 'link' && link) return { ...base, userId: null, userNumId: 0, username: link[0], accessLinkId: link[1] };
  return { ...base, userId: null, userNumId: 0, username: '' };
}
