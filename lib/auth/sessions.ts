import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { perDb } from '@/db/prepared';
import { sessions, users } from '@/db/schema';
import type { Caller } from '@/lib/domain/context';
import { ALL_SCOPES } from './scopes';

/**
 * Server-side portal sessions (db/schema/sessions.ts). The cookie is next-auth's encrypted token
 * holding the session's id (`sid`); whether the session still counts is decided here, by one
 * primary-key read per request, so that signing out, a password change or "sign out everywhere"
 * ends it in every server process at once.
 */

/** Session lifetime in seconds (SESSION_MAX_AGE, default 8 hours), counted from sign-in. */
export const sessionMaxAge = () => Number(process.env.SESSION_MAX_AGE ?? 8 * 3600);

/** How long a proven password counts as recent (creating access keys asks again after that). */
export const RECENT_AUTH_MS = 10 * 60_000;

/** A new session for a user who just proved their password. */
export async function startSession(db: Db, userId: string, now = new Date()): Promise<string> {
  const id = randomUUID();
  await db.insert(sessions).values({ id, userId, created: now, authAt: now, expiresAt: new Date(now.getTime() + sessionMaxAge() * 1000) });
  if (Math.random() < 0.02) await sweep(db, now);
  return id;
}

/** The session's row and its user: one primary-key read (and the user by primary key), prepared once. */
const live = perDb((db: Db) =>
  db
    .select({ authAt: sessions.authAt, userId: users.id, numId: users.numId, email: users.email, displayName: users.displayName })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sid')), isNull(sessions.endedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_live'),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller of a live session, or null when it ended, expired, or its user is gone. */
export async function sessionCaller(db: Db, sid: unknown, now: Date): Promise<Caller | null> {
  if (typeof sid !== 'string' || !UUID.test(sid)) return null;
  const [row] = await live(db).execute({ sid, now: now.toISOString() });
  if (!row) return null;
  return {
    userId: row.userId,
    userNumId: row.numId,
    email: row.email,
    displayName: row.displayName,
    scopes: ALL_SCOPES,
    via: 'session',
    sessionId: sid,
    authAt: row.authAt,
  };
}

/** Sign-out: this session ends (its cookie, if kept or stolen, no longer works). */
export async function endSession(db: Db, sid: unknown, now = new Date()): Promise<void> {
  if (typeof sid !== 'string' || !UUID.test(sid)) return;
  await db.update(sessions).set({ endedAt: now }).where(and(eq(sessions.id, sid), isNull(sessions.endedAt)));
}

/** Every session of the user ends, but `keep` (the one that just proved the password, if any). */
export async function endUserSessions(db: Db, userId: string, now: Date, keep?: string): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  return ended.length;
}

/** The password was proven again in this session (re-entry before a sensitive action). */
export async function markAuthenticated(db: Db, sid: string, now: Date): Promise<void> {
  await db.update(sessions).set({ authAt: now }).where(and(eq(sessions.id, sid), isNull(sessions.endedAt)));
}

/** Ended and expired sessions are kept a day (for nothing but a look), then removed. */
async function sweep(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, dayAgo), lt(sessions.endedAt, dayAgo)));
}
