import { getToken } from 'next-auth/jwt';
import type { NextRequest } from 'next/server';
import type { Db } from '@/db/client';
import type { Caller } from '@/lib/domain/context';
import { allowedOrigins } from '@/lib/config/env';
import { appRefusedPath, callerFromAppToken, looksLikeAppToken } from '@/lib/oauth/tokens';
import { callerFromKey, looksLikeKey, recentCaller } from './keys';
import { authSecret, sessionCookieName } from './nextauth';
import { recentSession, sessionCaller } from './sessions';

export type AuthOutcome =
  /** `unchecked`: a remembered key or session, to be confirmed in the database before answering (Ctx.keyCheck) */
  | { ok: true; caller: Caller; unchecked?: boolean }
  | { ok: false; reason: 'missing' | 'invalid_token' | 'bad_origin' | 'key_in_query' | 'app_refused'; message: string };

const QUERY_KEY_NAMES = ['access_token', 'api_key', 'apikey', 'key', 'personalkey', 'token'];
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Who is calling: a personal access key in Authorization, else the portal's session cookie.
 * With `allowUnchecked` (reads only: nothing may change before the key is confirmed) a key seen
 * moments ago is taken from memory and comes back `unchecked`.
 */
export async function authenticate(req: NextRequest, db: Db, now: Date, allowUnchecked = false): Promise<AuthOutcome> {
  for (const [k, v] of req.nextUrl.searchParams) {
    // by name, or by value (a key pasted under any name still leaks into logs and histories)
    if (QUERY_KEY_NAMES.includes(k.toLowerCase()) || looksLikeKey(v)) {
      return {
        ok: false,
        reason: 'key_in_query',
        message: 'Credentials in the query string are refused; send them in the Authorization header.',
      };
    }
  }
  const header = req.headers.get('authorization');
  if (header) {
    const m = /^(Bearer|PersonalKey)\s+(\S+)\s*$/i.exec(header);
    if (!m)
      return {
        ok: false,
        reason: 'invalid_token',
        message: 'Authorization must be "Bearer <key>" or "PersonalKey <key>".',
      };
    if (m[1].toLowerCase() === 'bearer' && looksLikeAppToken(m[2])) return appCaller(req, db, m[2], now);
    const recent = allowUnchecked ? recentCaller(db, m[2], now) : null;
    if (recent) return { ok: true, caller: recent, unchecked: true };
    const caller = await callerFromKey(db, m[2], now);
    if (!caller)
      return { ok: false, reason: 'invalid_token', message: 'The access key is invalid, expired or revoked.' };
    return { ok: true, caller };
  }
  // The cookie names a server-side session (lib/auth/sessions.ts): it counts only while that does.
  // A read may start on a session remembered moments ago, confirmed in the database before answering.
  const token = await getToken({ req, secret: authSecret(), cookieName: sessionCookieName() });
  const recent = token && allowUnchecked ? recentSession(token.sid, now) : null;
  if (recent) return { ok: true, caller: recent, unchecked: true };
  const caller = token ? await sessionCaller(db, token.sid, now) : null;
  if (!caller)
    return {
      ok: false,
      reason: 'missing',
      message:
        'Not signed in (or the session has ended): sign in again, or send an access key in the Authorization header.',
    };
  if (MUTATING.has(req.method) && !sameOrigin(req)) {
    return { ok: false, reason: 'bad_origin', message: 'Cross-origin request refused.' };
  }
  return { ok: true, caller };
}

/** A third-party app's OAuth access token (lib/oauth): its person, with the scopes they granted it. */
async function appCaller(req: NextRequest, db: Db, token: string, now: Date): Promise<AuthOutcome> {
  const caller = await callerFromAppToken(db, token, now);
  if (!caller)
    return { ok: false, reason: 'invalid_token', message: 'The access token is invalid, expired or revoked.' };
  if (appRefusedPath(req.nextUrl.pathname))
    return {
      ok: false,
      reason: 'app_refused',
      message: 'Apps cannot use this endpoint: only the person can, in the portal.',
    };
  return { ok: true, caller };
}

/**
 * A cookie-authenticated write must come from our own pages (CSRF): its Origin must be the app's
 * public URL (NEXTAUTH_URL) or, for the embedded demo, an address it listens on
 * (`allowedOrigins`, lib/config/env.ts), and nothing the request says about its own host counts
 * (X-Forwarded-Host, Host). Browsers always send Origin on cross-origin and on same-origin non-GET
 * fetches, so a missing Origin is refused too.
 */
function sameOrigin(req: NextRequest): boolean {
  const origin = req.headers.get('origin');
  return !!origin && allowedOrigins().includes(origin);
}
