import { eq } from 'drizzle-orm';
import { users } from '@/db/schema';
import { passwordMatches, TooManyAttempts } from '@/lib/auth/credentials';
import { hashPassword } from '@/lib/auth/password';
import { REAUTH_REQUIRED } from '@/lib/auth/reauth';
import { endUserSessions, markAuthenticated, RECENT_AUTH_MS } from '@/lib/auth/sessions';
import type { Ctx } from '../context';
import { Forbidden, Invalid, RateLimited } from '../errors';

/**
 * Settings > Security (docs/security.md, "Sessions and sign-in"): the password, asked again
 * before sensitive actions; its change; ending every session. Every check of a password is
 * throttled like a sign-in, so a stolen session cannot guess it either.
 */

/** A portal session must have proven its password within the last 10 minutes; keys are not asked. */
export function requireRecentSignIn(ctx: Ctx): void {
  if (ctx.caller.via !== 'session') return;
  const at = ctx.caller.authAt?.getTime() ?? 0;
  if (ctx.now().getTime() - at > RECENT_AUTH_MS) throw Forbidden(REAUTH_REQUIRED);
}

export async function requirePassword(ctx: Ctx, password: string, address: string, field: string): Promise<void> {
  let ok: boolean;
  try {
    ok = await passwordMatches(ctx.db, ctx.caller, password, address, ctx.now());
  } catch (e) {
    if (e instanceof TooManyAttempts) throw RateLimited(e.message);
    throw e;
  }
  if (!ok) throw Invalid(`${field}: this is not your password.`);
}

/** POST /my/account/reauthenticate: the password again; in a session it counts as a fresh sign-in. */
export async function reauthenticate(ctx: Ctx, input: { password: string }, address: string): Promise<void> {
  await requirePassword(ctx, input.password, address, 'password');
  if (ctx.caller.sessionId) await markAuthenticated(ctx.db, ctx.caller.sessionId, ctx.now());
}

/**
 * PUT /my/account/password: the current password and a new one. Every other session of the user
 * ends at once (a stolen cookie stops working); the session that made the change goes on.
 */
export async function changePassword(
  ctx: Ctx,
  input: { currentPassword: string; newPassword: string },
  address: string,
): Promise<{ endedSessions: number }> {
  const next = input.newPassword;
  if (next.length < 8 || next.length > 200) throw Invalid('newPassword: use 8 to 200 characters.');
  if (next === input.currentPassword) throw Invalid('newPassword: choose a password other than the current one.');
  await requirePassword(ctx, input.currentPassword, address, 'currentPassword');
  const now = ctx.now();
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(next) })
    .where(eq(users.id, ctx.caller.userId));
  const endedSessions = await endUserSessions(ctx.db, ctx.caller.userId, now, ctx.caller.sessionId);
  if (ctx.caller.sessionId) await markAuthenticated(ctx.db, ctx.caller.sessionId, now);
  return { endedSessions };
}

/** DELETE /my/account/sessions: "sign out everywhere", this session included. */
export async function endAllSessions(ctx: Ctx): Promise<{ endedSessions: number }> {
  return { endedSessions: await endUserSessions(ctx.db, ctx.caller.userId, ctx.now()) };
}
