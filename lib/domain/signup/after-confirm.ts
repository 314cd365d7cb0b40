import { sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import { decryptSecret, encryptSecret } from '@/lib/crypto/secrets';
import { safeRedirectPath } from '@/lib/auth/safe-redirect';
import type { BaseCtx } from '../context';

/**
 * Where a person goes after confirming their address (issue 33): the page they signed up from, an
 * invitation's own link, whose token opens doors or an organization. It rides in the confirmation
 * token's payload through the sign-up, encrypted and bound to the account (a token is never kept in
 * clear, docs/security.md), and on through a resent confirmation mail.
 */
const BOUND = 'email_tokens.next';

export function nextPayload(next: string | null, userId: string): Record<string, unknown> | null {
  return next ? { nextBox: encryptSecret(next, BOUND, userId) } : null;
}

/** The path a confirmation token carries, or null (none, unreadable, or not a path of this site). */
export function nextOf(payload: Record<string, unknown> | null | undefined, userId: string | null): string | null {
  if (typeof payload?.nextBox === 'string' && userId) {
    try {
      return safeRedirectPath(decryptSecret(payload.nextBox, BOUND, userId));
    } catch {
      return null;
    }
  }
  // confirmation mails sent before this carried the path as it was
  return typeof payload?.next === 'string' ? safeRedirectPath(payload.next) : null;
}

/** The payload of the account's newest confirmation token still usable, to carry into a new one. */
export async function pendingNext(
  tx: BaseCtx['db'],
  userId: string,
  now: Date,
): Promise<Record<string, unknown> | null> {
  const [row] = rowsOf<{ payload: unknown }>(
    await tx.execute(sql`
      select payload from email_tokens
      where purpose = 'verify' and user_id = ${userId}::uuid and used_at is null and expires_at > ${now.toISOString()}::timestamptz
      order by created desc limit 1`),
  );
  const p = row?.payload;
  const obj = (typeof p === 'string' ? JSON.parse(p) : p) as Record<string, unknown> | null | undefined;
  return obj && (typeof obj.nextBox === 'string' || typeof obj.next === 'string') ? obj : null;
}
