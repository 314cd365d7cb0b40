import { and, isNotNull, sql } from 'drizzle-orm';
import { deviceAccess, users } from '@/db/schema';
import { isEmailAddress, MAX_EMAIL_LENGTH } from '@/lib/auth/email';
import { hashPassword } from '@/lib/auth/password';
import type { BaseCtx } from '../context';
import { Conflict, Invalid } from '../errors';
import { isUniqueViolation } from '../access/rules';
import { clientKey, hitSignupLimit } from './limit';

export interface RegisterInput {
  email: string;
  password: string;
  displayName: string;
}

/** Sign-ups per client address per 10 minutes (SIGNUP_RATE_LIMIT). */
const LIMIT = () => Number(process.env.SIGNUP_RATE_LIMIT ?? 10);
/** All sign-ups per 10 minutes: the address can be spoofed (X-Forwarded-For), this cannot. */
const GLOBAL_LIMIT = () => Number(process.env.SIGNUP_GLOBAL_RATE_LIMIT ?? 500);

const taken = () => Conflict('An account with this e-mail already exists. Sign in instead.');

/**
 * POST /account/register (public). Creates the account and, in the same transaction, turns every
 * access pending for this e-mail into the new user's access, so shares made before sign-up work
 * at once and never half-apply. Cheap checks come first (lengths), then the rate limits, then the
 * e-mail's form (one linear pass), then the work (a lookup, a password hash).
 */
export async function registerUser(ctx: BaseCtx, input: RegisterInput, clientAddress: string) {
  const email = input.email.trim();
  const displayName = input.displayName.trim();
  const problems: string[] = [];
  if (email.length > MAX_EMAIL_LENGTH) problems.push('email: enter a valid e-mail address.');
  if (input.password.length < 8) problems.push('password: use at least 8 characters.');
  if (input.password.length > 200) problems.push('password: use at most 200 characters.');
  if (!displayName || displayName.length > 100) problems.push('displayName: enter your name (1 to 100 characters).');
  if (problems.length) throw Invalid(problems[0], problems);
  await hitSignupLimit(ctx.db, clientKey(clientAddress), LIMIT(), 600, ctx.now());
  await hitSignupLimit(ctx.db, 'signup-all', GLOBAL_LIMIT(), 600, ctx.now());
  if (!isEmailAddress(email)) throw Invalid('email: enter a valid e-mail address.');
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  if (existing) throw taken();
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [u] = await tx.insert(users).values({ email, displayName, passwordHash }).returning();
      const claimed = await tx
        .update(deviceAccess)
        .set({ userId: u.id, pendingEmail: null })
        .where(and(isNotNull(deviceAccess.pendingEmail), sql`lower(${deviceAccess.pendingEmail}) = lower(${email})`))
        .returning({ id: deviceAccess.id });
      return { id: u.id, email: u.email, displayName: u.displayName, claimedAccesses: claimed.length };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw taken(); // a concurrent sign-up with the same e-mail won
    throw e;
  }
}
