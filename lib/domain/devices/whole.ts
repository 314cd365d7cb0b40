import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '@/db/client';
import { perDb } from '@/db/prepared';
import { devices, deviceUserSettings } from '@/db/schema';
import { stillValidSql } from '@/lib/auth/keys';
import { candidateStamps } from '../access/effective';
import { confirmKey, type Ctx } from '../context';
import { JsonText } from '../json-text';
import { matching, type LoadOptions } from './load';

/**
 * Whole answers kept between requests (issue 34: `/my/device/details` for 1,000 devices is ~1 MB,
 * and even with each device's answer kept (kept.ts) a request read, decoded and joined 18,000 values
 * to send the same megabyte again).
 *
 * A whole answer is kept per caller and per question (the options asked), with a digest that
 * Postgres computes over everything the answer is made of:
 * - the devices of the answer in its order: id, row version (a number never used twice, kept.ts),
 *   the bridge's link;
 * - every candidate access of the caller at this moment (theirs and their groups', within their
 *   dates): what the effective access is picked from and what the answer shows of it, each as its
 *   row version (the row's `xmin`: effective.ts `candidateStamps`); the device's zone, by which the
 *   pick is judged, is its row's;
 * - the caller's own device settings, when asked for (each row's `xmin`).
 * Each request computes the digest in one statement (which also confirms a remembered key) and
 * sends the kept text when it is the same. Time changes an answer in two ways that no row shows,
 * so an answer also holds only until: a pulled lock's spring time (kept.ts), and, where a device
 * has several candidates and one of them has a weekly schedule, the next minute (which of them is
 * "active now" can change at any minute, and decides the pick: effective.ts `better`). A start or
 * end date passing changes the candidates, so the digest.
 *
 * An answer is built in one repeatable-read snapshot with its digest: what it shows is exactly the
 * state the digest describes, even when a row changes while it is built and changes back later.
 * Kept in each server's memory as its UTF-8 (at most MAX_WHOLE_BYTES, the least recently used go
 * first; a hit is then sent without being measured or encoded again): a cache checked against the
 * database on every read, so several processes stay right without sharing it.
 */
interface Whole {
  digest: string;
  /** ms: the answer was built at `from` and holds until `until` (both by the request's clock) */
  from: number;
  until: number;
  json: JsonText<unknown>;
}

/** ~64 MB per server: sixty answers of 1,000 devices. */
const MAX_WHOLE_BYTES = 64_000_000;

interface Store {
  answers: Map<string, Whole>;
  bytes: number;
}
const storeOf = perDb((): Store => ({ answers: new Map(), bytes: 0 }));

/** What a whole answer is made of, as Postgres sees it now (see above). */
interface Stamp {
  digest: string;
  /** some device has several candidates, one of them with a weekly schedule */
  byMinute: boolean;
}

async function stampOf(ctx: Ctx, o: LoadOptions, now: Date): Promise<Stamp> {
  // the caller's candidates (`c`), and the answer's devices among theirs (`p`)
  const cands = candidateStamps(ctx.db, ctx.caller.userId, now, o.ids);
  const page = matching(ctx, o, sql`"devices"."id" in (select c.device_id from c)`, {
    id: devices.id,
    name: devices.name,
    version: devices.version,
  });
  const k = ctx.keyCheck;
  const keyOk = k && !k.done ? stillValidSql(k, now) : sql`true`;
  const settings = o.userSettings
    ? sql`(select md5(coalesce(string_agg(s.device_id || ':' || s.xmin, ',' order by s.device_id), ''))
        from ${deviceUserSettings} s where s.user_id = ${ctx.caller.userId})`
    : sql`''`;
  const [row] = rowsOf<{ page: string; cands: string; settings: string; by_minute: boolean; key_ok: boolean }>(
    await ctx.db.execute(sql`with c as (${cands}), p as (${page})
      select
        (select md5(coalesce(string_agg(p.id || ':' || p.version || ':' || coalesce(p.bridge_connected::text, '-'), ',' order by p.name, p.id), '')) from p) as page,
        (select md5(coalesce(string_agg(c.id || ':' || c.row_version, ',' order by c.id), '')) from c) as cands,
        ${settings} as settings,
        (select coalesce(bool_or(g.n > 1 and g.scheduled), false)
          from (select count(*) as n, bool_or(c.scheduled) as scheduled from c group by c.device_id) g) as by_minute,
        ${keyOk} as key_ok`),
  );
  confirmKey(ctx, row.key_ok);
  return { digest: `${row.page}${row.cands}${row.settings}`, byMinute: row.by_minute };
}

/** What a kept whole answer is built by: its text, and until when it holds by itself (ms; kept.ts' springs). */
export type BuildWhole = (ctx: Ctx, store: Db) => Promise<{ text: string; until: number }>;

/**
 * The caller's answer to `question` (a kind of answer and the options it was asked with, which must
 * say everything the answer depends on besides the caller), whose devices are those `o` reads (ids,
 * text and row filters, a page; not access levels, which a digest of the visible devices would not
 * follow): the kept one when its digest is still the database's, otherwise built by `build` in one
 * snapshot and kept. `build` gets a context on that snapshot (its clock stopped at this request's
 * moment) and the database whose per-device answers it may reuse.
 */
export async function wholeAnswer<T>(
  ctx: Ctx,
  question: string,
  o: LoadOptions,
  build: BuildWhole,
): Promise<JsonText<T>> {
  if (o.accessLevels?.length) throw new Error('wholeAnswer: an access-level filter is not followed by the digest');
  // inside a caller's transaction there is no snapshot of its own to build in: built, not kept
  const base = ctx.db;
  if (base instanceof PgTransaction) return new JsonText((await build(ctx, ctx.db)).text); // (ctx.db: narrowing base loses its type)
  const store = storeOf(base);
  const key = `${ctx.caller.userId}\n${question}`;
  const now = ctx.now();
  const at = now.getTime();
  const had = store.answers.get(key);
  // with nothing kept, the digest is read once, in the snapshot below (which confirms the key then)
  if (had && had.from <= at && at < had.until && had.digest === (await stampOf(ctx, o, now)).digest) {
    store.answers.delete(key); // the most recently used last
    store.answers.set(key, had);
    return had.json as JsonText<T>;
  }
  const whole = await base.transaction(
    async (tx) => {
      const snap: Ctx = { ...ctx, db: tx, now: () => now };
      const { digest, byMinute } = await stampOf(snap, o, now);
      const built = await build(snap, base);
      const nextMinute = Math.floor(at / 60_000) * 60_000 + 60_000;
      const until = Math.min(built.until, byMinute ? nextMinute : Infinity);
      return { digest, from: at, until, json: JsonText.ofUtf8(Buffer.from(built.text, 'utf8')) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  keep(store, key, whole);
  return whole.json as JsonText<T>;
}

const sizeOf = (w: Whole) => w.json.utf8().byteLength;

function keep(store: Store, key: string, whole: Whole) {
  const old = store.answers.get(key);
  if (old) {
    store.answers.delete(key);
    store.bytes -= sizeOf(old);
  }
  if (sizeOf(whole) > MAX_WHOLE_BYTES / 4) return; // one caller never takes most of it
  while (store.bytes + sizeOf(whole) > MAX_WHOLE_BYTES) {
    const [oldest, w] = store.answers.entries().next().value!;
    store.answers.delete(oldest);
    store.bytes -= sizeOf(w);
  }
  store.answers.set(key, whole);
  store.bytes += sizeOf(whole);
}
