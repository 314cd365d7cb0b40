import { createHash } from 'node:crypto';
import type { Db } from '@/db/client';
import { hit, spend } from '../ratelimit';

/**
 * A budget of the shared rate_limits table (every server process counts together), counted like
 * every budget (lib/domain/ratelimit.ts): 429 with Retry-After when `key` is hit more than `limit`
 * times in the current window.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date,
  message = 'Too many sign-ups from your network. Try again in a few minutes.',
): Promise<void> {
  await spend(db, key, { max: limit, windowSeconds }, now, message);
}

/** Sign-ups per window: per client address and in total. */
export const hitSignupLimit = (db: Db, key: string, max: number, windowSeconds: number, now: Date) =>
  hitRateLimit(db, key, max, windowSeconds, now);

/** Counts one hit of `key` in the current window and returns the window's count so far. */
export async function countHit(db: Db, key: string, windowSeconds: number, now: Date): Promise<number> {
  return (await hit(db, key, { max: Number.MAX_SAFE_INTEGER, windowSeconds }, now)).count;
}

/** The client address is personal data: only its hash becomes part of a key. */
export const clientKey = (address: string, what = 'signup') => `${what}-ip:${hashed(address)}`;

/** An e-mail address is personal data too: a key per address holds only its hash. */
export const emailKey = (email: string, what: string) => `${what}-email:${hashed(email)}`;

const hashed = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 22);
