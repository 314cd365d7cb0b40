import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { RateLimited } from '../errors';

/**
 * Fixed-window counter in the shared rate_limits table (every server process counts together).
 * Throws 429 when `key` has been hit more than `limit` times in the current window.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date,
  message = 'Too many sign-ups from your network. Try again in a few minutes.',
): Promise<void> {
  if ((await countHit(db, key, windowSeconds, now)) > limit) throw RateLimited(message);
}

/** Counts one hit of `key` in the current window and returns the window's count so far. */
export async function countHit(db: Db, key: string, windowSeconds: number, now: Date): Promise<number> {
  const windowStart = new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000).toISOString();
  const res = await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${windowStart}::timestamptz, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
      window_start = excluded.window_start
    returning count`);
  const [row] = rowsOf<{ count: number }>(res);
  return Number(row?.count ?? 0);
}

/** The client address is personal data: only its hash becomes part of a key. */
export const clientKey = (address: string, what = 'signup') => `${what}-ip:${hashed(address)}`;

/** An e-mail address is personal data too: a key per address holds only its hash. */
export const emailKey = (email: string, what: string) => `${what}-email:${hashed(email)}`;

const hashed = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 22);
