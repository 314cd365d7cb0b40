import { getServerSession } from 'next-auth';
import { getDb } from '@/db/client';
import type { Ctx } from '@/lib/domain/context';
import { authOptions } from './nextauth';
import { ALL_SCOPES } from './scopes';

/**
 * The signed-in portal user as a domain context, for server components (layouts, page.tsx
 * prefetch). null when there is no valid session cookie. Same caller shape as route().
 */
export async function sessionCtx(): Promise<Ctx | null> {
  const session = await getServerSession(authOptions);
  const u = session?.user as { id?: string; numId?: number; email?: string | null; name?: string | null } | undefined;
  if (!u?.id) return null;
  const db = await getDb();
  return {
    db,
    now: () => new Date(),
    caller: {
      userId: u.id,
      userNumId: Number(u.numId ?? 0),
      email: u.email ?? '',
      displayName: u.name ?? '',
      scopes: ALL_SCOPES,
      via: 'session',
    },
  };
}
