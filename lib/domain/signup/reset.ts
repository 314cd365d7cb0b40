import { and, eq, isNull, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import { personalAccessKeys, users } from '@/db/schema';
import {
  consumeEmailToken,
  issueEmailToken,
  peekEmailToken,
  refusalMessage,
  revokeEmailTokens,
} from '@/lib/auth/email-tokens';
import { hashPassword } from '@/lib/auth/password';
import { endUserSessions } from '@/lib/auth/sessions';
import { tokenRefused } from './refusal';
import type { BaseCtx } from '../context';
import { Invalid } from '../errors';
import { clientKey, emailKey, hitRateLimit, mailedLinkGate } from './limit';
import { resetMail } from './mails';
import { passwordProblem } from './register';

const PER_ADDRESS_PER_HOUR = 3;
const PER_CLIENT = () => config().SIGNUP_RATE_LIMIT;
const TOO_MANY = 'Too many password resets asked for. Wait a few minutes, then try again.';
const TOO_MANY_SETS = 'Too many new passwords sent. Wait a few minutes, then try again.';

/**
 * POST /account/password/forgot (public): a link to choose a new password (1 h, once; a new one
 * ends the former) goes to the address if it has an account. The answer is the same either way.
 */
export async function forgotPassword(
  ctx: BaseCtx,
  rawEmail: string,
  clientAddress: string,
): Promise<{ email: string; message: string }> {
  const { email, now } = await mailedLinkGate(ctx, rawEmail, clientAddress, {
    what: 'reset',
    perClient: PER_CLIENT(),
    perAddressPerHour: PER_ADDRESS_PER_HOUR,
    tooMany: TOO_MANY,
  });
  await ctx.db.transaction(async (tx) => {
    const [u] = await tx
      .select({ id: users.id, displayName: users.displayName })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    if (!u) return;
    await revokeEmailTokens(tx, 'reset', { userId: u.id }, now);
    const { token } = await issueEmailToken(tx, { purpose: 'reset', email, userId: u.id, now });
    await resetMail(tx, email, u.displayName, token, now);
  });
  return {
    email,
    message: `If ${email} has an account, a link to choose a new password is on its way. It works for 1 hour.`,
  };
}

/** GET side of the reset page: whether the link still works (nothing is used). */
export async function checkResetToken(
  ctx: BaseCtx,
  token: string,
): Promise<{ ok: true; email: string } | { ok: false; message: string }> {
  const r = await peekEmailToken(ctx.db, 'reset', token, ctx.now());
  return r.ok ? { ok: true, email: r.token.email } : { ok: false, message: refusalMessage(r.reason, 'password reset') };
}

/**
 * POST /account/password/reset (public): the mailed link and a new password. Once, within 1 h.
 * The password changes, the address counts as confirmed (the mail reached it), and every session
 * of the account ends, in one transaction.
 */
export async function resetPassword(
  ctx: BaseCtx,
  input: { token: string; password: string; keepAccessKeys?: boolean },
  clientAddress: string,
): Promise<{ email: string; endedSessions: number; revokedKeys: number }> {
  const problem = passwordProblem(input.password);
  if (problem) throw Invalid(problem);
  const now = ctx.now();
  // hashing costs a core for a while: the budget and the token first, the hash only for a live link
  await hitRateLimit(ctx.db, clientKey(clientAddress, 'reset-set'), PER_CLIENT(), 600, now, TOO_MANY_SETS);
  const peeked = await peekEmailToken(ctx.db, 'reset', input.token, now);
  if (!peeked.ok) throw tokenRefused(peeked.reason, 'password reset');
  await hitRateLimit(ctx.db, emailKey(peeked.token.email, 'reset-set'), 5, 3600, now, TOO_MANY_SETS);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, 'reset', input.token, now);
    if (!used.ok) throw tokenRefused(used.reason, 'password reset');
    const t = used.token;
    const [u] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(
        and(eq(users.id, t.userId ?? '00000000-0000-0000-0000-000000000000'), sql`lower(${users.email}) = ${t.email}`),
      )
      .returning({ id: users.id, email: users.email });
    if (!u) throw tokenRefused('unknown', 'password reset');
    const endedSessions = await endUserSessions(tx, u.id, now);
    // whoever needed a reset may have lost more than the password: the access keys end with it,
    // unless the person keeps them on purpose
    const revokedKeys = input.keepAccessKeys
      ? 0
      : (
          await tx
            .update(personalAccessKeys)
            .set({ revokedAt: now })
            .where(and(eq(personalAccessKeys.userId, u.id), isNull(personalAccessKeys.revokedAt)))
            .returning({ id: personalAccessKeys.id })
        ).length;
    return { email: u.email, endedSessions, revokedKeys };
  });
}
