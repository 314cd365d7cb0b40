import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { emailTokens, type EmailToken } from '@/db/schema';
import { normalizeEmail } from '@/lib/auth/email';

/**
 * A device invitation's token may cover several pending accesses of one address (one mail for the
 * doors shared with a person in one step, issue 33): their ids are in its payload's `accessIds`; a
 * token of one door (and every token written before) names its access in `ref`.
 */
export function coveredAccessIds(t: Pick<EmailToken, 'ref' | 'payload'>): string[] {
  const ids = t.payload?.accessIds;
  if (Array.isArray(ids) && ids.every((i) => typeof i === 'string')) return ids as string[];
  return t.ref ? [t.ref] : [];
}

/**
 * Takes pending accesses out of the live invitation tokens of `email` that cover them (a withdrawn
 * invitation, or one sent again with a new token): the mailed link no longer gives them, and still
 * gives the other doors it was sent for; a token left with no door dies (expires now), so its link
 * says "replaced or expired". Runs in the caller's transaction.
 */
export async function dropFromInvitations(tx: Db, accessIds: string[], email: string, now: Date): Promise<void> {
  if (!accessIds.length) return;
  const gone = new Set(accessIds);
  const t = emailTokens;
  const live = await tx
    .select({ id: t.id, ref: t.ref, payload: t.payload })
    .from(t)
    .where(
      and(eq(t.purpose, 'device-invite'), eq(t.email, normalizeEmail(email)), isNull(t.usedAt), gt(t.expiresAt, now)),
    );
  for (const tok of live) {
    const covered = coveredAccessIds(tok);
    if (!covered.some((id) => gone.has(id))) continue;
    const rest = covered.filter((id) => !gone.has(id));
    await tx
      .update(t)
      .set(rest.length ? { ref: rest[0], payload: { ...tok.payload, accessIds: rest } } : { expiresAt: now })
      .where(eq(t.id, tok.id));
  }
}
