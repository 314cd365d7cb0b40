import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { passkeys, pendingSignIns, recoveryCodes, users, userTotp } from '@/db/schema';
import { decryptSecret, randomToken, tokenHash } from '@/lib/crypto/secrets';
import type { SignedInUser } from './credentials';
import { attemptKeys, countAttempt, forgive } from './throttle';
import { SECOND_FACTOR_PREFIX } from './second-step-words';
import { checkTotp } from './totp';
import { countSecondStep, secondStepPassed } from './second-step-limit';

/**
 * The second step of a sign-in (docs/security.md, "Second factors"). A user with a second factor
 * (a confirmed TOTP secret or a passkey) gets no session for the password alone: the password step
 * makes a pending sign-in and hands its token to the browser (SecondFactorNeeded); a session starts
 * only when that token comes back with a right TOTP or recovery code (`completeSecondFactor`), or
 * when the user signs in with a passkey (lib/auth/webauthn.ts). Codes are throttled under the same
 * keys as passwords (lib/auth/throttle.ts), and a pending sign-in dies after 5 wrong codes.
 */

export const PENDING_MS = 5 * 60_000;
export const PENDING_MAX_FAILURES = 5;

/** What the password step answers instead of a session: next-auth carries the message to the page. */
export { SECOND_FACTOR_PREFIX };

export class SecondFactorNeeded extends Error {
  constructor(readonly token: string) {
    super(`${SECOND_FACTOR_PREFIX}${token}`);
  }
}

/** Does this user have a second factor (so a password alone never signs them in)? */
export async function secondFactorRequired(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({
      totp: sql<boolean>`exists (select 1 from ${userTotp} where ${userTotp.userId} = ${userId} and ${userTotp.confirmedAt} is not null)`,
      passkey: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return Boolean(row?.totp) || Boolean(row?.passkey);
}

/** A pending sign-in for a user whose password was right; its token (only the hash is kept). */
export async function startPendingSignIn(
  db: Db,
  user: SignedInUser,
  typedEmail: string,
  now = new Date(),
): Promise<string> {
  const token = randomToken(32);
  await db.insert(pendingSignIns).values({
    tokenHash: tokenHash(token),
    userId: user.id,
    email: typedEmail.trim().toLowerCase(),
    expiresAt: new Date(now.getTime() + PENDING_MS),
  });
  if (Math.random() < 0.05) await db.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, now));
  return token;
}

/** The live pending sign-in of a token, without taking it (for passkey options bound to it). */
export async function pendingUser(db: Db, token: string, now = new Date()): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const [p] = await db
    .select({ userId: pendingSignIns.userId })
    .from(pendingSignIns)
    .where(
      and(
        eq(pendingSignIns.tokenHash, tokenHash(token)),
        gt(pendingSignIns.expiresAt, now),
        lt(pendingSignIns.failures, PENDING_MAX_FAILURES),
      ),
    )
    .limit(1);
  return p?.userId ?? null;
}

/** Ends a pending sign-in (taken by a passkey sign-in, or done). */
export async function dropPendingSignIn(db: Db, token: string): Promise<void> {
  if (token && token.length <= 100)
    await db.delete(pendingSignIns).where(eq(pendingSignIns.tokenHash, tokenHash(token)));
}

/** Recovery codes: 20 base32 characters (100 random bits) in 4 groups, like ABCDE-FGHIJ-KLMNO-PQRST. */
const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export function newRecoveryCode(): string {
  const bytes = randomBytes(20);
  const chars = [...bytes].map((b) => B32[b & 31]).join('');
  return chars.match(/.{5}/g)!.join('-');
}
/** Spaces, dashes and case do not matter when a code is typed. */
export const normalizeRecoveryCode = (code: string) => code.toUpperCase().replace(/[^A-Z2-7]/g, '');
export const recoveryCodeHash = (code: string) => tokenHash(`recovery:${normalizeRecoveryCode(code)}`);

/**
 * The user's TOTP code or one of their unused recovery codes is right now: a TOTP code is taken
 * (its time step remembered, so it does not work twice) and a recovery code is used up, each in
 * one conditional statement, so two requests racing with the same code cannot both pass.
 */
export async function useSecondFactorCode(
  db: Db,
  userId: string,
  code: string,
  now: Date,
): Promise<'totp' | 'recovery' | null> {
  const c = code.trim();
  if (!c || c.length > 64) return null;
  if (/^\d{6}$/.test(c.replace(/\s/g, ''))) {
    const [t] = await db
      .select()
      .from(userTotp)
      .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)))
      .limit(1);
    if (!t) return null;
    const step = await checkTotp(
      decryptSecret(t.secretCiphertext, 'user_totp', userId),
      c.replace(/\s/g, ''),
      t.lastTimeStep,
      now,
    );
    if (step === null) return null;
    const taken = await db
      .update(userTotp)
      .set({ lastTimeStep: step })
      .where(and(eq(userTotp.userId, userId), sql`coalesce(${userTotp.lastTimeStep}, -1) < ${step}`))
      .returning({ userId: userTotp.userId });
    return taken.length ? 'totp' : null;
  }
  if (normalizeRecoveryCode(c).length !== 20) return null;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, recoveryCodeHash(c)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length ? 'recovery' : null;
}

/**
 * The second step: a pending sign-in's token and a code -> the user (a session may start), or
 * null. Throttled like the password (TooManyAttempts while a delay runs); a wrong code also counts
 * against the pending sign-in, which 5 wrong codes end. A right code takes the pending sign-in.
 */
export async function completeSecondFactor(
  db: Db,
  a: { token: string | undefined; code: string | undefined; address: string },
  now = new Date(),
): Promise<SignedInUser | null> {
  if (!a.token || !a.code || a.token.length > 100 || a.code.length > 64) return null;
  const hash = tokenHash(a.token);
  const [p] = await db
    .select()
    .from(pendingSignIns)
    .where(
      and(
        eq(pendingSignIns.tokenHash, hash),
        gt(pendingSignIns.expiresAt, now),
        lt(pendingSignIns.failures, PENDING_MAX_FAILURES),
      ),
    )
    .limit(1);
  if (!p) return null;
  const keys = attemptKeys(p.email, a.address, now);
  await countAttempt(db, keys, now);
  // and per account, whatever the address or the pending sign-in: a right password clears nothing here
  await countSecondStep(db, p.userId, now);
  const how = await useSecondFactorCode(db, p.userId, a.code, now);
  if (!how) {
    await db
      .update(pendingSignIns)
      .set({ failures: sql`${pendingSignIns.failures} + 1` })
      .where(eq(pendingSignIns.tokenHash, hash));
    return null;
  }
  const taken = await db
    .delete(pendingSignIns)
    .where(eq(pendingSignIns.tokenHash, hash))
    .returning({ userId: pendingSignIns.userId });
  if (!taken.length) return null; // another request completed it first
  await forgive(db, keys, now);
  await secondStepPassed(db, p.userId);
  const [u] = await db.select().from(users).where(eq(users.id, p.userId)).limit(1);
  return u ? { id: u.id, email: u.email, name: u.displayName, numId: u.numId } : null;
}
