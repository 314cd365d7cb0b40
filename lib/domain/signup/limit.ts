import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { RateLimited } from '../errors';

/**
 * Fixed-window counter in the shared rate_limits table (every server process counts together).
 * Throws 429 when `key` has been hit more than `limit` times in the current window.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowSeconds: number, now: Date, message = 'Too many sign-ups from your network. Try again in a few minutes.'): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000).toISOString();
  const res = await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${windowStart}::timestamptz, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
      window_start = excluded.window_start
    returning count`);
  const [row] = rowsOf<{ count: number }>(res);
  if (Number(row?.count ?? 0) > limit) throw RateLimited(message);
}

/** The client address is personal data: only its hash becomes part of a key. */
export const clientKey = (address: string) => `signup-ip:${createHash('sha256').update(address).digest('base64url').slice(0, 22)}`;
