import { sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import { users } from '@/db/schema';
import { isEmailAddress, MAX_EMAIL_LENGTH, normalizeDisplayName, normalizeEmail } from '@/lib/auth/email';
import { issueEmailToken, revokeEmailTokens } from '@/lib/auth/email-tokens';
import { hashPassword } from '@/lib/auth/password';
import { safeRedirectPath } from '@/lib/auth/safe-redirect';
import type { BaseCtx } from '../context';
import { Invalid } from '../errors';
import { isUniqueViolation } from '@/db/errors';
import { clientKey, countHit, emailKey, hitRateLimit } from './limit';
import { alreadyRegisteredMail, unfinishedAccountMail, verifyMail } from './mails';
import { nextPayload } from './after-confirm';

export interface RegisterInput {
  email: string;
  password: string;
  displayName: string;
  /** where to go once the address is confirmed and the person signed in (e.g. an invitation) */
  next?: string;
}

export interface RegisterAnswer {
  email: string;
  message: string;
}

/** Sign-ups per client address per 10 minutes (SIGNUP_RATE_LIMIT). */
const LIMIT = () => config().SIGNUP_RATE_LIMIT;
/** All sign-ups per 10 minutes: the address can be spoofed (X-Forwarded-For), this cannot. */
const GLOBAL_LIMIT = () => config().SIGNUP_GLOBAL_RATE_LIMIT;

/**
 * Mails to one address about sign-up per hour: beyond it the answer stays the same and no mail
 * goes out, so sign-up cannot be used to flood someone's mailbox.
 */
export const MAILS_PER_ADDRESS_PER_HOUR = 5;

/** The one answer, whatever happened: it never tells whether the address has an account. */
const answer = (email: string): RegisterAnswer => ({
  email,
  message: `Check your mailbox: we sent a message to ${email}. Follow the link in it to continue.`,
});

/** The password rules of every place that sets one (sign-up, reset, change). */
export function passwordProblem(password: string, field = 'password'): string | null {
  if (password.length < 8) return `${field}: use at least 8 characters.`;
  if (password.length > 200) return `${field}: use at most 200 characters.`;
  return null;
}

/**
 * POST /account/register (public, docs/security.md "Proven e-mail"). A new address gets an
 * account that cannot be used until the link mailed to it is followed (24 h, once). An address
 * that has an account gets a mail saying so (and, if that account was never confirmed, a link to
 * choose its password), and nothing else changes. The answer is the same in every case (202), so
 * sign-up tells nobody who has an account. Nothing is claimed: shares made to this address before
 * wait for their invitation mail's link.
 */
export async function registerUser(ctx: BaseCtx, input: RegisterInput, clientAddress: string): Promise<RegisterAnswer> {
  const email = normalizeEmail(input.email);
  const name = normalizeDisplayName(input.displayName);
  const problems: string[] = [];
  if (email.length > MAX_EMAIL_LENGTH) problems.push('email: enter a valid e-mail address.');
  const pw = passwordProblem(input.password);
  if (pw) problems.push(pw);
  if (!name.ok) problems.push(name.message);
  if (problems.length) throw Invalid(problems[0], problems);
  const now = ctx.now();
  await hitRateLimit(ctx.db, clientKey(clientAddress), LIMIT(), 600, now);
  await hitRateLimit(ctx.db, 'signup-all', GLOBAL_LIMIT(), 600, now);
  if (!isEmailAddress(email)) throw Invalid('email: enter a valid e-mail address.');
  const displayName = (name as { value: string }).value;
  const next = input.next ? safeRedirectPath(input.next) : null;
  // hashed in every case, so that the answer takes as long whether or not the address is known
  const passwordHash = await hashPassword(input.password);
  try {
    await ctx.db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id, verified: users.emailVerifiedAt })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      if (existing) {
        if ((await countHit(tx, emailKey(email, 'signup'), 3600, now)) > MAILS_PER_ADDRESS_PER_HOUR) return;
        return mailExisting(tx, existing, email, now);
      }
      const [u] = await tx.insert(users).values({ email, displayName, passwordHash }).returning({ id: users.id });
      const { token } = await issueEmailToken(tx, {
        purpose: 'verify',
        email,
        userId: u.id,
        payload: nextPayload(next, u.id),
        now,
      });
      await verifyMail(tx, email, displayName, token, now);
    });
  } catch (e) {
    // a concurrent sign-up of the same address won: that one's mail is on its way
    if (!isUniqueViolation(e)) throw e;
  }
  return answer(email);
}

async function mailExisting(
  tx: BaseCtx['db'],
  existing: { id: string; verified: Date | null },
  email: string,
  now: Date,
) {
  if (existing.verified) return alreadyRegisteredMail(tx, email, now);
  await revokeEmailTokens(tx, 'reset', { userId: existing.id }, now);
  const { token } = await issueEmailToken(tx, { purpose: 'reset', email, userId: existing.id, now });
  return unfinishedAccountMail(tx, email, token, now);
}
