import { createHash } from 'node:crypto';
import type { Db } from '@/db/client';
import { spend } from '../ratelimit';

/** Sign-ups per window: per client address and in total, counted like every budget (lib/domain/ratelimit.ts). */
export async function hitSignupLimit(db: Db, key: string, max: number, windowSeconds: number, now: Date): Promise<void> {
  await spend(db, key, { max, windowSeconds }, now, 'Too many sign-ups from your network. Try again in a few minutes.');
}

/** The client address is personal data: only its hash becomes part of a key. */
export const clientKey = (address: string) => `signup-ip:${createHash('sha256').update(address).digest('base64url').slice(0, 22)}`;
