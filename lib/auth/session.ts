import { decode } from 'next-auth/jwt';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { getDb } from '@/db/client';
import type { Ctx } from '@/lib/domain/context';
import { getMe } from '@/lib/domain/shell/me';
import { authSecret, sessionCookieName } from './nextauth';
import { sessionCaller } from './sessions';

/**
 * The signed-in portal user as a domain context, for server components (layouts, page.tsx
 * prefetch). null when there is no session cookie, or its session has ended (lib/auth/sessions.ts).
 * Same caller shape as route(). Read once per request (React's cache): the layout and the page
 * both ask, and each asking was a session read in the database.
 */
export const sessionCtx = cache(async (): Promise<Ctx | null> => {
  const cookie = (await cookies()).get(sessionCookieName())?.value;
  if (!cookie) return null;
  const token = await decode({ token: cookie, secret: authSecret() }).catch(() => null);
  if (!token) return null;
  const db = await getDb();
  const caller = await sessionCaller(db, token.sid, new Date());
  return caller ? { db, now: () => new Date(), caller } : null;
});

/** Who the session's caller is and their organizations (getMe), read once per request as well. */
export const sessionMe = cache(getMe);
