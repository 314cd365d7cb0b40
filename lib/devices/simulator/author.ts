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
    return { user: null, accessLinkId, username: l?.name ?? '' };
  }
  if (!userId) return { user: null, accessLinkId: null };
  const [u] = await db.select({ id: users.id, numId: users.numId, name: users.displayName }).from(users).where(eq(users.id, userId));
  return { user: u ?? null, accessLinkId: null };
}
