import { lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { rateLimits } from '@/db/schema';

export interface Limit {
  /** hits allowed per window */
  max: number;
  windowSeconds: number;
}

/**
 * Counts one hit on `key` in the current fixed window and answers whether it is within `max`.
 * One upsert, atomic in the database, so every server process shares the same budget.
 */
export async function hit(db: Db, key: string, limit: Limit, now: Date): Promise<{ allowed: boolean; count: number }> {
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = excluded.window_start then ${rateLimits.count} + 1 else 1 end`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ count: rateLimits.count });
  // now and then, sweep counters of windows long past (cheap: indexed by window_start)
  if (Math.random() < 0.01) await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 86_400_000)));
  return { allowed: row.count <= limit.max, count: row.count };
}

/** The current count without counting a hit (0 when the window has moved on). */
export async function peek(db: Db, key: string, limit: Limit, now: Date): Promise<number> {
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`);
  return row && row.windowStart.getTime() === windowStart.getTime() ? row.count : 0;
}
