import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { config } from '@/lib/config';
import type { Db } from '@/db/client';
import { perDb } from '@/db/prepared';
import { sessions, users } from '@/db/schema';
import type { Caller } from '@/lib/domain/context';
import { ALL_SCOPES } from './scopes';

/**
 * Server-side portal sessions (db/schema/sessions.ts). The cookie is next-auth's encrypted token
 * holding the session's id (`sid`); whether the session still counts is decided in the database on
 * every request (a primary-key read, or inside the read's own statement for a session remembered
 * below), so that signing out, a password change or "sign out everywhere" ends it in every server
 * process at once.
 */

/** Session lifetime in seconds (SESSION_MAX_AGE, default 8 hours), counted from sign-in. */
export const sessionMaxAge = () => config().SESSION_MAX_AGE;

/** How long a proven password counts as recent (creating access keys asks again after that). */
export const RECENT_AUTH_MS = 10 * 60_000;

/** A new session for a user who just proved their password. */
export async function startSession(db: Db, userId: string, now = new Date()): Promise<string> {
  const id = randomUUID();
  await db
    .insert(sessions)
    .values({ id, userId, created: now, authAt: now, expiresAt: new Date(now.getTime() + sessionMaxAge() * 1000) });
  if (Math.random() < 0.02) await sweep(db, now);
  return id;
}

/** The session `id` counts at `now`: not ended, not expired. */
export function sessionLiveWhere(id: SQL | Placeholder | string, now: SQL | Placeholder | Date): SQL {
  return and(eq(sessions.id, id), isNull(sessions.endedAt), gt(sessions.expiresAt, now))!;
}

/** The session's row and its user: one primary-key read (and the user by primary key), prepared once. */
const live = perDb((db: Db) =>
  db
    .select({
      authAt: sessions.authAt,
      userId: users.id,
      numId: users.numId,
      email: users.email,
      displayName: users.displayName,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sessionLiveWhere(sql.placeholder('sid'), sql.placeholder('now')))
    .limit(1)
    .prepare('session_live'),
);

/** The same check alone, for a read whose statements did not include it (keyStillValidSql). */
const stillLive = perDb((db: Db) =>
  db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sessionLiveWhere(sql.placeholder('sid'), sql.placeholder('now')))
    .prepare('session_still_live'),
);

export async function sessionStillLive(db: Db, sid: string, now: Date): Promise<boolean> {
  return (await stillLive(db).execute({ sid, now: now.toISOString() })).length > 0;
}

/*
 * Who a session stands for, remembered for a short while (as keys are, lib/auth/keys.ts), so that
 * a read can skip the lookup and confirm the session inside its own statement: one round trip
 * instead of two. What is remembered is never trusted alone: every request still confirms in the
 * database that the session is live (keyStillValidSql, or route() before answering), so an ended
 * session is refused on its next request in every process. Only the name and e-mail shown may lag
 * by up to REMEMBER_MS, and only on reads; writes always look the session up.
 */
const REMEMBER_MS = 30_000;
const REMEMBER_MAX = 10_000;
const remembered = new Map<string, { caller: Caller; at: number }>();

/** The caller of a session seen moments ago (no query), or null: then use `sessionCaller`. */
export function recentSession(sid: unknown, now: Date): Caller | null {
  if (typeof sid !== 'string') return null;
  const hit = remembered.get(sid);
  return hit && now.getTime() - hit.at <= REMEMBER_MS ? hit.caller : null;
}

export function forgetSession(sid: string): void {
  remembered.delete(sid);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller of a live session, or null when it ended, expired, or its user is gone. */
export async function sessionCaller(db: Db, sid: unknown, now: Date): Promise<Caller | null> {
  if (typeof sid !== 'string' || !UUID.test(sid)) return null;
  const [row] = await live(db).execute({ sid, now: now.toISOString() });
  if (!row) {
    remembered.delete(sid);
    return null;
  }
  const caller: Caller = {
    userId: row.userId,
    userNumId: row.numId,
    email: row.email,
    displayName: row.displayName,
    scopes: ALL_SCOPES,
    via: 'session',
    sessionId: sid,
    authAt: row.authAt,
  };
  if (remembered.size >= REMEMBER_MAX) remembered.clear();
  remembered.set(sid, { caller, at: now.getTime() });
  return caller;
}

/** Sign-out: this session ends (its cookie, if kept or stolen, no longer works). */
export async function endSession(db: Db, sid: unknown, now = new Date()): Promise<void> {
  if (typeof sid !== 'string' || !UUID.test(sid)) return;
  remembered.delete(sid);
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.id, sid), isNull(sessions.endedAt)));
}

/** Every session of the user ends, but `keep` (the one that just proved the password, if any). */
export async function endUserSessions(db: Db, userId: string, now: Date, keep?: string): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  for (const s of ended) remembered.delete(s.id);
  return ended.length;
}

/** The password was proven again in this session (re-entry before a sensitive action). */
export async function markAuthenticated(db: Db, sid: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ authAt: now })
    .where(and(eq(sessions.id, sid), isNull(sessions.endedAt)));
}

/** Ended and expired sessions are kept a day (for nothing but a look), then removed. */
async function sweep(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, dayAgo), lt(sessions.endedAt, dayAgo)));
}
