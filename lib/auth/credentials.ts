import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { normalizeEmail } from './email';
import { hashPassword, needsRehash, verifyPassword } from './password';
import { attemptKeys, countAttempt, forgive } from './throttle';

export { TooManyAttempts } from './throttle';

/**
 * The password was right but the address was never confirmed: no session, and the sign-in page
 * sends the person to "check your mail" (where a new link can be asked for). Its message is a
 * code the sign-in form knows; it is only ever said to someone who proved the password.
 */
export class EmailNotVerified extends Error {
  constructor() {
    super(EMAIL_NOT_VERIFIED);
    this.name = 'EmailNotVerified';
  }
}
export const EMAIL_NOT_VERIFIED = 'EmailNotVerified';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  numId: number;
}

export interface Attempt {
  email: string | undefined;
  password: string | undefined;
  /** the client address (lib/http/client-address.ts), for throttling */
  address: string;
}

/** Longer input is never a password or e-mail of ours; refused before any work. */
const MAX_EMAIL = 320;
const MAX_PASSWORD = 1024;

// A hash to compare against when the e-mail is unknown, so both answers take the same time.
let dummy: Promise<string> | undefined;

/**
 * E-mail and password -> the user, or null. Unknown e-mails cost the same as wrong passwords
 * (no account probing by timing); failures are throttled per account, address and in total
 * (lib/auth/throttle.ts), which throws TooManyAttempts while a delay runs.
 */
export async function authorizeCredentials(db: Db, a: Attempt, now = new Date()): Promise<SignedInUser | null> {
  const e = a.email?.trim();
  if (!e || !a.password || e.length > MAX_EMAIL || a.password.length > MAX_PASSWORD) return null;
  const keys = attemptKeys(e, a.address, now);
  await countAttempt(db, keys, now);
  const [u] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(e)}`)
    .limit(1);
  dummy ??= hashPassword('not-a-real-password');
  const ok = await verifyPassword(a.password, u?.passwordHash ?? (await dummy));
  if (!u || !ok) return null; // the failure stays counted
  await forgive(db, keys, now);
  // a hash of an earlier kind (bcrypt) is verified this once and replaced
  if (needsRehash(u.passwordHash)) {
    const passwordHash = await hashPassword(a.password);
    await db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, u.id), eq(users.passwordHash, u.passwordHash)));
  }
  if (!u.emailVerifiedAt) throw new EmailNotVerified();
  return { id: u.id, email: u.email, name: u.displayName, numId: u.numId };
}

/** The signed-in user's password, asked again (before a sensitive action): throttled like sign-in. */
export async function passwordMatches(
  db: Db,
  user: { userId: string; email: string },
  password: string,
  address: string,
  now = new Date(),
): Promise<boolean> {
  try {
    const u = await authorizeCredentials(db, { email: user.email, password, address }, now);
    return u?.id === user.userId;
  } catch (e) {
    if (e instanceof EmailNotVerified) return false;
    throw e;
  }
}
