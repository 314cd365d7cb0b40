import { createHash } from 'node:crypto';
import type { Db } from '@/db/client';
import { isEmailAddress, MAX_EMAIL_LENGTH, normalizeEmail } from '@/lib/auth/email';
import type { BaseCtx } from '../context';
import { Invalid } from '../errors';
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

/**
 * The gate of a public request that mails a link to an address (a password reset, a new
 * confirmation): the address checked, then the client's budget (per 10 minutes) and the address's
 * (per hour) spent, with `tooMany` as the refusal. Returns the address as stored and the instant.
 */
export async function mailedLinkGate(
  ctx: BaseCtx,
  rawEmail: string,
  clientAddress: string,
  o: { what: string; perClient: number; perAddressPerHour: number; tooMany: string },
): Promise<{ email: string; now: Date }> {
  const email = normalizeEmail(rawEmail);
  if (email.length > MAX_EMAIL_LENGTH || !isEmailAddress(email)) throw Invalid('email: enter a valid e-mail address.');
  const now = ctx.now();
  await hitRateLimit(ctx.db, clientKey(clientAddress, o.what), o.perClient, 600, now, o.tooMany);
  await hitRateLimit(ctx.db, emailKey(email, o.what), o.perAddressPerHour, 3600, now, o.tooMany);
  return { email, now };
}
