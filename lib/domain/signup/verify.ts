import { and, eq, isNull, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import { users } from '@/db/schema';
import { consumeEmailToken, issueEmailToken, revokeEmailTokens } from '@/lib/auth/email-tokens';
import { tokenRefused } from './refusal';
import type { BaseCtx } from '../context';
import { mailedLinkGate } from './limit';
import { verifyMail } from './mails';
import { nextOf, pendingNext } from './after-confirm';

/**
 * POST /account/verify (public): the link of the sign-up mail. Once, within 24 h, and only for the
 * address it was sent to (an account whose address changed since is not confirmed by an old mail).
 * Answers where to go next: the sign-in page, then what the person was doing (an invitation).
 */
export async function verifyEmail(ctx: BaseCtx, token: string): Promise<{ email: string; next: string | null }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, 'verify', token, now);
    if (!used.ok) throw tokenRefused(used.reason, 'confirmation');
    const t = used.token;
    const [u] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
      .where(
        and(eq(users.id, t.userId ?? '00000000-0000-0000-0000-000000000000'), sql`lower(${users.email}) = ${t.email}`),
      )
      .returning({ email: users.email });
    if (!u) throw tokenRefused('unknown', 'confirmation');
    return { email: u.email, next: nextOf(t.payload, t.userId) };
  });
}

/** Resends per address per hour, and per client address per 10 minutes. */
const RESENDS_PER_ADDRESS = 3;
const RESENDS_PER_CLIENT = () => config().SIGNUP_RATE_LIMIT;
const TOO_MANY = 'Too many mails asked for. Wait a few minutes, then try again.';

/**
 * POST /account/verify/resend (public): a new confirmation link for an account that is not yet
 * confirmed (the former link stops working). Same answer for every address, known or not,
 * confirmed or not; limited per address and per client.
 */
export async function resendVerification(
  ctx: BaseCtx,
  rawEmail: string,
  clientAddress: string,
): Promise<{ email: string; message: string }> {
  const { email, now } = await mailedLinkGate(ctx, rawEmail, clientAddress, {
    what: 'resend',
    perClient: RESENDS_PER_CLIENT(),
    perAddressPerHour: RESENDS_PER_ADDRESS,
    tooMany: TOO_MANY,
  });
  await ctx.db.transaction(async (tx) => {
    const [u] = await tx
      .select({ id: users.id, displayName: users.displayName })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.emailVerifiedAt)))
      .limit(1);
    if (!u) return;
    // where the person was going (an invitation) goes on with the new link
    const carried = await pendingNext(tx, u.id, now);
    await revokeEmailTokens(tx, 'verify', { userId: u.id }, now);
    const { token } = await issueEmailToken(tx, { purpose: 'verify', email, userId: u.id, payload: carried, now });
    await verifyMail(tx, email, u.displayName, token, now);
  });
  return {
    email,
    message: `If ${email} has an account waiting for confirmation, a new link is on its way. Links sent before no longer work.`,
  };
}
