import { lt, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { rateLimits } from '@/db/schema';

export interface Limit {
  /** hits allowed per window */
  max: number;
  windowSeconds: number;
}

const windowStart = (limit: Limit, now: Date) => {
  const windowMs = limit.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs).toISOString();
};

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

/** Counts one hit on `key` in the current fixed window and answers whether it is within `max`. */
export async function hit(db: Db, key: string, limit: Limit, now: Date): Promise<{ allowed: boolean; count: number }> {
  const [row] = rowsOf<{ count: number }>(await db.execute(hitSql(key, limit, now)));
  await sweepSometimes(db, now);
  return { allowed: row.count <= limit.max, count: row.count };
}

/** Now and then, sweeps counters of windows long past (cheap: indexed by window_start). */
export async function sweepSometimes(db: Db, now: Date): Promise<void> {
  if (Math.random() < 0.01) await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 86_400_000)));
}

/** The current count without counting a hit (0 when the window has moved on). */
export async function peek(db: Db, key: string, limit: Limit, now: Date): Promise<number> {
  const [row] = rowsOf<{ count: number }>(await db.execute(sql`select ${countSql(key, limit, now)} as count`));
  return Number(row.count);
}
