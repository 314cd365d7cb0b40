import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { passkeys, recoveryCodes, userTotp } from '@/db/schema';
import { newRecoveryCode, recoveryCodeHash } from '@/lib/auth/second-factor';
import { endUserSessions, markAuthenticated } from '@/lib/auth/sessions';
import { checkTotp, newTotpSecret, totpUri } from '@/lib/auth/totp';
import { decryptSecret, encryptSecret } from '@/lib/crypto/secrets';
import type { Ctx } from '../context';
import { audit } from '../audit';
import { Conflict, Invalid } from '../errors';
import { requirePassword, requireRecentSignIn } from './security';

/**
 * Settings > Security, second factors (docs/security.md, "Second factors"): a TOTP authenticator
 * app with recovery codes, and passkeys (./passkeys.ts). Adding or removing one needs a recent
 * sign-in or the password; when the first factor is added, every other session of the user ends
 * (they began with the password alone).
 */

export const RECOVERY_CODES = 10;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** GET /my/account/secondfactor: what the user has (never a secret). */
export async function secondFactorStatus(ctx: Ctx) {
  const uid = ctx.caller.userId;
  const [[t], keys, [codes]] = await Promise.all([
    ctx.db.select({ confirmedAt: userTotp.confirmedAt }).from(userTotp).where(eq(userTotp.userId, uid)).limit(1),
    ctx.db
      .select({
        id: passkeys.id,
        name: passkeys.name,
        created: passkeys.created,
        lastUsedAt: passkeys.lastUsedAt,
        backedUp: passkeys.backedUp,
      })
      .from(passkeys)
      .where(eq(passkeys.userId, uid))
      .orderBy(asc(passkeys.created)),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, uid), isNull(recoveryCodes.usedAt))),
  ]);
  const totp = Boolean(t?.confirmedAt);
  return {
    enabled: totp || keys.length > 0,
    totp: { enabled: totp, confirmedAt: iso(t?.confirmedAt ?? null) },
    recoveryCodesLeft: totp ? Number(codes?.n ?? 0) : 0,
    passkeys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      created: k.created.toISOString(),
      lastUsed: iso(k.lastUsedAt),
      backedUp: k.backedUp,
    })),
  };
}

/** Had the user no second factor before this one? Then sessions begun with a password alone end. */
export async function endPasswordOnlySessions(ctx: Ctx, hadFactorBefore: boolean): Promise<void> {
  if (hadFactorBefore) return;
  const now = ctx.now();
  await endUserSessions(ctx.db, ctx.caller.userId, now, ctx.caller.sessionId);
  if (ctx.caller.sessionId) await markAuthenticated(ctx.db, ctx.caller.sessionId, now);
}

export async function hasSecondFactor(ctx: Ctx): Promise<boolean> {
  const s = await secondFactorStatus(ctx);
  return s.enabled;
}

/**
 * POST /my/account/secondfactor/totp: a new secret to put into an authenticator app (the key and
 * an otpauth:// URI). It counts only once confirmed with a code; starting again replaces an
 * unconfirmed one. 409 while one is confirmed (remove it first).
 */
export async function startTotp(ctx: Ctx): Promise<{ secret: string; uri: string }> {
  requireRecentSignIn(ctx);
  const uid = ctx.caller.userId;
  const [t] = await ctx.db
    .select({ confirmedAt: userTotp.confirmedAt })
    .from(userTotp)
    .where(eq(userTotp.userId, uid))
    .limit(1);
  if (t?.confirmedAt) throw Conflict('An authenticator app is already set up. Remove it first to set up another.');
  const secret = newTotpSecret();
  const box = encryptSecret(secret, 'user_totp', uid);
  await ctx.db
    .insert(userTotp)
    .values({ userId: uid, secretCiphertext: box, confirmedAt: null, lastTimeStep: null, created: ctx.now() })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secretCiphertext: box, lastTimeStep: null, created: ctx.now() },
      where: isNull(userTotp.confirmedAt),
    });
  return { secret, uri: totpUri(secret, ctx.caller.email) };
}

/** New recovery codes for the user (the former ones stop working); the codes, to show once. */
async function replaceRecoveryCodes(ctx: Ctx): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await ctx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, ctx.caller.userId));
  await ctx.db
    .insert(recoveryCodes)
    .values(codes.map((c) => ({ userId: ctx.caller.userId, codeHash: recoveryCodeHash(c), created: ctx.now() })));
  return codes;
}

/**
 * PUT /my/account/secondfactor/totp: the first code from the app confirms the secret; answers the
 * recovery codes, shown this once (only their hashes are kept).
 */
export async function confirmTotp(ctx: Ctx, input: { code: string }): Promise<{ recoveryCodes: string[] }> {
  requireRecentSignIn(ctx);
  const uid = ctx.caller.userId;
  const [t] = await ctx.db.select().from(userTotp).where(eq(userTotp.userId, uid)).limit(1);
  if (!t) throw Conflict('Start setting up an authenticator app first.');
  if (t.confirmedAt) throw Conflict('The authenticator app is already set up.');
  const step = await checkTotp(
    decryptSecret(t.secretCiphertext, 'user_totp', uid),
    input.code.replace(/\s/g, ''),
    null,
    ctx.now(),
  );
  if (step === null)
    throw Invalid(
      'code: this is not the current code of your authenticator app. Check that its clock is right and try the next code.',
    );
  const had = await hasSecondFactor(ctx);
  const done = await ctx.db
    .update(userTotp)
    .set({ confirmedAt: ctx.now(), lastTimeStep: step })
    .where(and(eq(userTotp.userId, uid), isNull(userTotp.confirmedAt)))
    .returning({ userId: userTotp.userId });
  if (!done.length) throw Conflict('The authenticator app is already set up.');
  const codes = await replaceRecoveryCodes(ctx);
  await endPasswordOnlySessions(ctx, had);
  await auditFactor(ctx, 'factor.add', { kind: 'totp' });
  return { recoveryCodes: codes };
}

/** DELETE /my/account/secondfactor/totp: the password again, then the app and its recovery codes are removed. */
export async function removeTotp(ctx: Ctx, input: { password: string }, address: string): Promise<void> {
  await requirePassword(ctx, input.password, address, 'password');
  await ctx.db.delete(userTotp).where(eq(userTotp.userId, ctx.caller.userId));
  await ctx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, ctx.caller.userId));
  await auditFactor(ctx, 'factor.remove', { kind: 'totp' });
}

/** A change of the caller's own factors, in the audit log (personal: no organization; never a secret). */
export const auditFactor = (
  ctx: Ctx,
  action: 'factor.add' | 'factor.remove' | 'factor.recoverycodes',
  what: Record<string, unknown>,
) =>
  audit(ctx.db, ctx, {
    action,
    organizationId: null,
    target: { type: 'account', id: ctx.caller.userId, name: ctx.caller.email ?? '' },
    [action === 'factor.remove' ? 'before' : 'after']: what,
  });

/** POST /my/account/secondfactor/recoverycodes: the password again, then new codes (the former ones stop working). */
export async function renewRecoveryCodes(
  ctx: Ctx,
  input: { password: string },
  address: string,
): Promise<{ recoveryCodes: string[] }> {
  await requirePassword(ctx, input.password, address, 'password');
  const [t] = await ctx.db
    .select({ u: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, ctx.caller.userId), isNotNull(userTotp.confirmedAt)))
    .limit(1);
  if (!t) throw Conflict('Recovery codes come with an authenticator app: set one up first.');
  const codes = await replaceRecoveryCodes(ctx);
  await auditFactor(ctx, 'factor.recoverycodes', { count: codes.length });
  return { recoveryCodes: codes };
}
