import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { hit, peek, type Limit } from '@/lib/domain/accesslinks/ratelimit';
import { hashPassword, verifyPassword } from './password';

/** Failed sign-ins allowed per e-mail address in a window, across all server processes. */
export const SIGN_IN_LIMIT: Limit = { max: 10, windowSeconds: 15 * 60 };

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  numId: number;
}

export class TooManyAttempts extends Error {
  constructor() {
    super('Too many failed sign-in attempts for this e-mail address. Try again in 15 minutes.');
  }
}

const limitKey = (email: string) => `signin:${createHash('sha256').update(email.toLowerCase()).digest('base64url').slice(0, 22)}`;

// A hash to compare against when the e-mail is unknown, so both answers take the same time.
let dummy: Promise<string> | undefined;

/**
 * E-mail and password -> the user, or null. Unknown e-mails cost the same as wrong passwords
 * (no account probing by timing), and failures per e-mail are limited (no password guessing).
 */
export async function authorizeCredentials(db: Db, email: string | undefined, password: string | undefined, now = new Date()): Promise<SignedInUser | null> {
  const e = email?.trim();
  if (!e || !password) return null;
  const key = limitKey(e);
  if ((await peek(db, key, SIGN_IN_LIMIT, now)) >= SIGN_IN_LIMIT.max) throw new TooManyAttempts();
  const [u] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${e})`).limit(1);
  dummy ??= hashPassword('not-a-real-password');
  const ok = await verifyPassword(password, u?.passwordHash ?? (await dummy));
  if (!u || !ok) {
    await hit(db, key, SIGN_IN_LIMIT, now);
    return null;
  }
  return { id: u.id, email: u.email, name: u.displayName, numId: u.numId };
}
