import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';

export interface Author {
  user: { id: string; numId: number; name: string } | null;
  accessLinkId: string | null;
}

/**
 * Who an activity entry names. Access-link guests have no account: the entry carries the
 * link id (the activity reader names the link), never a user.
 */
export async function resolveAuthor(db: Db, userId: string | null, accessLinkId: string | null): Promise<Author> {
  if (accessLinkId) return { user: null, accessLinkId };
  if (!userId) return { user: null, accessLinkId: null };
  const [u] = await db.select({ id: users.id, numId: users.numId, name: users.displayName }).from(users).where(eq(users.id, userId));
  return { user: u ?? null, accessLinkId: null };
}
