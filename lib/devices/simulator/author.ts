import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { accessLinks, users } from '@/db/schema';

export interface Author {
  user: { id: string; numId: number; name: string } | null;
  accessLinkId: string | null;
  /** for access-link entries: the link's name, so the log names it even after a rename or delete */
  username?: string;
}

/**
 * Who an activity entry names. Access-link guests have no account: the entry carries the
 * link id and the link's name, never a user.
 */
export async function resolveAuthor(db: Db, userId: string | null, accessLinkId: string | null): Promise<Author> {
  if (accessLinkId) {
    const [l] = await db.select({ name: accessLinks.name }).from(accessLinks).where(eq(accessLinks.id, accessLinkId));
    return authorOf(userId, accessLinkId, null, l?.name ?? null);
  }
  if (!userId) return authorOf(null, null, null, null);
  const [u] = await db.select({ numId: users.numId, name: users.displayName }).from(users).where(eq(users.id, userId));
  return authorOf(userId, null, u ?? null, null);
}

/** The author out of what was read: the user's number and name, or the link's name. */
export function authorOf(userId: string | null, accessLinkId: string | null, user: { numId: number; name: string } | null, linkName: string | null): Author {
  if (accessLinkId) return { user: null, accessLinkId, username: linkName ?? '' };
  if (!userId || !user) return { user: null, accessLinkId: null };
  return { user: { id: userId, numId: user.numId, name: user.name }, accessLinkId: null };
}
