import { lt, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { rateLimits } from '@/db/schema';
import { RateLimited } from './errors';

/**
 * The one rate-limit mechanism of the service (docs/security.md, "Rate limits"): fixed-window
 * counters in the shared rate_limits table, counted by one upsert ... returning, so every server
 * process shares each budget and a request pays one statement at most. Used by the API's budgets
 * per account (lib/http/ratelimit.ts), access links (per client, per link, misses), sign-up (per
 * address, in total) and manual webhook sends.
 */
export interface Limit {
  /** hits allowed per window */
  max: number;
  windowSeconds: number;
}

const windowStartMs = (limit: Limit, now: Date) => {
  const windowMs = limit.windowSeconds * 1000;
  return Math.floor(now.getTime() / windowMs) * windowMs;
};
const windowStart = (limit: Limit, now: Date) => new Date(windowStartMs(limit, now)).toISOString();

/** Whole seconds until the current window of `limit` ends (at least 1). */
export const secondsToReset = (limit: Limit, now: Date) =>
  Math.max(1, Math.ceil((windowStartMs(limit, now) + limit.windowSeconds * 1000 - now.getTime()) / 1000));

/**
 * The upsert that counts one hit on a key in the current fixed window, `returning count`: atomic
 * in the database, so every server process shares the same budget. `key` is a value or an SQL
 * expression, `from` an optional FROM clause it is read from (a hit only when that has a row), so
 * a statement can count a hit together with other work.
 */
export function hitSql(key: string | SQL, limit: Limit, now: Date, from?: SQL): SQL {
  return sql`
    insert into rate_limits (key, window_start, count)
    select ${key}, ${windowStart(limit, now)}::timestamptz, 1 ${from ? sql`from ${from}` : sql``}
    on conflict (key) do update set
      count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
      window_start = excluded.window_start
    returning count`;
}

/** The current count of a key, as an SQL expression (0 when the window has moved on). */
export function countSql(key: string, limit: Limit, now: Date): SQL {
  return sql`coalesce((select count from rate_limits where key = ${key} and window_start = ${windowStart(limit, now)}::timestamptz), 0)`;
}

export interface Hit {
  allowed: boolean;
  count: number;
  /** hits left in this window after this one (0 when refused) */
  remaining: number;
  /** seconds until the window ends and the budget is whole again */
  resetSeconds: number;
}

const hitOf = (count: number, limit: Limit, now: Date): Hit => ({
  allowed: count <= limit.max,
  count,
  remaining: Math.max(0, limit.max - count),
  resetSeconds: secondsToReset(limit, now),
});

/** Counts one hit on `key` in the current fixed window (one statement) and answers whether it is within `max`. */
export async function hit(db: Db, key: string, limit: Limit, now: Date, opts: { sweep?: boolean } = {}): Promise<Hit> {
  const [row] = rowsOf<{ count: number }>(await db.execute(hitSql(key, limit, now)));
  // a key without its window in it is one row for good (the API's per account): nothing to sweep
  if (opts.sweep !== false) await sweepSometimes(db, now);
  return hitOf(Number(row.count), limit, now);
}

/**
 * `hit` (without the sweep), and in the same statement one more yes-or-no the caller needs from the
 * database (the API's budget confirms a remembered key with it): one round trip for both.
 */
export async function hitAnd(
  db: Db,
  key: string,
  limit: Limit,
  now: Date,
  also: SQL<boolean>,
): Promise<Hit & { also: boolean }> {
  const [row] = rowsOf<{ count: number; also: boolean }>(
    await db.execute(sql`with h as (${hitSql(key, limit, now)}) select h.count, ${also} as also from h`),
  );
  return { ...hitOf(Number(row.count), limit, now), also: row.also === true };
}

/** `hit`, refusing with 429 (RateLimited, with the wait) when the budget is spent. */
export async function spend(db: Db, key: string, limit: Limit, now: Date, message: string): Promise<Hit> {
  const h = await hit(db, key, limit, now);
  if (!h.allowed) throw RateLimited(message, h.resetSeconds);
  return h;
}

/** Now and then, sweeps counters of windows long past (cheap: indexed by window_start). */
export async function sweepSometimes(db: Db, now: Date): Promise<void> {
  if (Math.random() < 0.01)
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 86_400_000)));
}

/** The current count without counting a hit (0 when the window has moved on). */
export async function peek(db: Db, key: string, limit: Limit, now: Date): Promise<number> {
  const [row] = rowsOf<{ count: number }>(await db.execute(sql`select ${countSql(key, limit, now)} as count`));
  return Number(row.count);
}
