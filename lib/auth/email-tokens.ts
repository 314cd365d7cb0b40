import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import type { Db } from '@/db/client';
import { emailTokens, type EmailToken, type EmailTokenPurpose } from '@/db/schema';
import { randomToken, tokenHash } from '@/lib/crypto/secrets';
import { normalizeEmail } from './email';
import { looksLikeEmailToken } from './token-shape';

export type { EmailToken, EmailTokenPurpose } from '@/db/schema';

/**
 * Single-use tokens that travel by mail: e-mail verification, password reset, device and
 * organization invitations. The token itself (32 random bytes, base64url) exists only in the mail;
 * the table keeps its SHA-256. Using one is one UPDATE that also checks purpose, expiry and
 * that it was not used: two clicks at once cannot both win.
 */

/** How long each kind of token lives, in milliseconds. Invitations: INVITATION_TTL_DAYS (default 14). */
export const TOKEN_TTL_MS: Record<EmailTokenPurpose, () => number> = {
  verify: () => 24 * 3600_000,
  reset: () => 3600_000,
  'device-invite': () => invitationTtlDays() * 24 * 3600_000,
  'org-invite': () => invitationTtlDays() * 24 * 3600_000,
};

export function invitationTtlDays(): number {
  return config().INVITATION_TTL_DAYS;
}

export { looksLikeEmailToken };

export interface IssueEmailToken {
  purpose: EmailTokenPurpose;
  email: string;
  userId?: string | null;
  /** what the token is for (e.g. a pending access's id); `revokeEmailTokens` finds tokens by it */
  ref?: string | null;
  payload?: Record<string, unknown> | null;
  now: Date;
  /** defaults to TOKEN_TTL_MS[purpose] */
  ttlMs?: number;
}

/**
 * A new token, written with the caller's transaction (so it exists exactly when the change and
 * the mail that carries it do). Returns the token in clear (to put in the mail, nowhere else)
 * and when it expires.
 */
export async function issueEmailToken(
  tx: Db,
  t: IssueEmailToken,
): Promise<{ token: string; expiresAt: Date; id: string }> {
  const token = randomToken(32);
  const expiresAt = new Date(t.now.getTime() + (t.ttlMs ?? TOKEN_TTL_MS[t.purpose]()));
  const [row] = await tx
    .insert(emailTokens)
    .values({
      purpose: t.purpose,
      tokenHash: tokenHash(token),
      email: normalizeEmail(t.email),
      userId: t.userId ?? null,
      ref: t.ref ?? null,
      payload: t.payload ?? null,
      expiresAt,
      created: t.now,
    })
    .returning({ id: emailTokens.id });
  return { token, expiresAt, id: row.id };
}

export type TokenRefusal = 'unknown' | 'used' | 'expired';
export type TokenResult = { ok: true; token: EmailToken } | { ok: false; reason: TokenRefusal };

/**
 * Uses a token once: marks it used and returns its row, only if it exists for this purpose, was
 * never used and has not expired at `now`. Run it in the transaction that does what the token
 * allows, so that a failure after it leaves the token unused. Otherwise says why not.
 */
export async function consumeEmailToken(
  tx: Db,
  purpose: EmailTokenPurpose,
  token: string,
  now: Date,
): Promise<TokenResult> {
  if (!looksLikeEmailToken(token)) return { ok: false, reason: 'unknown' };
  const t = emailTokens;
  const [row] = await tx
    .update(t)
    .set({ usedAt: now })
    .where(and(eq(t.tokenHash, tokenHash(token)), eq(t.purpose, purpose), isNull(t.usedAt), gt(t.expiresAt, now)))
    .returning();
  if (row) return { ok: true, token: row };
  return { ok: false, reason: await whyRefused(tx, purpose, token, now) };
}

/** Reads a token without using it (a page that shows what an invitation is before it is taken). */
export async function peekEmailToken(
  db: Db,
  purpose: EmailTokenPurpose,
  token: string,
  now: Date,
): Promise<TokenResult> {
  if (!looksLikeEmailToken(token)) return { ok: false, reason: 'unknown' };
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash(token)), eq(emailTokens.purpose, purpose)))
    .limit(1);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.usedAt) return { ok: false, reason: 'used' };
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, token: row };
}

async function whyRefused(db: Db, purpose: EmailTokenPurpose, token: string, now: Date): Promise<TokenRefusal> {
  const r = await peekEmailToken(db, purpose, token, now);
  return r.ok ? 'unknown' : r.reason;
}

/**
 * Ends every unused token of `purpose` for `ref` (a resent or withdrawn invitation: the old mail's
 * link dies), for `email` or for `userId` (a new reset link replaces the former): they expire now.
 * Returns how many were ended.
 */
export async function revokeEmailTokens(
  tx: Db,
  purpose: EmailTokenPurpose,
  by: { ref: string } | { email: string } | { userId: string },
  now: Date,
): Promise<number> {
  const t = emailTokens;
  const which =
    'ref' in by ? eq(t.ref, by.ref) : 'email' in by ? eq(t.email, normalizeEmail(by.email)) : eq(t.userId, by.userId);
  const ended = await tx
    .update(t)
    .set({ expiresAt: now })
    .where(and(eq(t.purpose, purpose), which, isNull(t.usedAt), gt(t.expiresAt, now)))
    .returning({ id: t.id });
  return ended.length;
}

/** Used and expired tokens are kept a week (to tell "already used" from "unknown"), then swept. */
export async function sweepEmailTokens(db: Db, now: Date): Promise<void> {
  await db
    .delete(emailTokens)
    .where(sql`${emailTokens.expiresAt} < ${new Date(now.getTime() - 7 * 24 * 3600_000).toISOString()}::timestamptz`);
}

/** Refusal messages a person can act on, the same for every purpose. */
export function refusalMessage(reason: TokenRefusal, what: string): string {
  if (reason === 'used') return `This ${what} link was already used. Links in our mails work once.`;
  if (reason === 'expired')
    return `This ${what} link has expired or was replaced by a newer one. Use the newest mail, or ask for a new link.`;
  return `This ${what} link is not valid. Check that you copied the whole link from the mail.`;
}
