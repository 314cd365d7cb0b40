import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';
import { perDb } from '@/db/prepared';
import { oauthClients, oauthStore, users } from '@/db/schema';
import { isScope, type Scope } from '@/lib/auth/scopes';
import { tokenHash } from '@/lib/crypto/secrets';
import type { Caller } from '@/lib/domain/context';
import { logError } from '@/lib/log';
import { isAppScope } from './scopes';

/** oidc-provider's opaque tokens: 43 characters of base64url (our personal keys start with `slk_`). */
const APP_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export const looksLikeAppToken = (token: string): boolean => APP_TOKEN_RE.test(token);

/**
 * Where an app's token is refused whatever its scopes (403): the simulator's control plane (the
 * hardware, not the API), the person's account and its security (keys, password, sessions, second
 * factors, apps), and an organization's security rule and ownership. Most of these also need
 * Account.* scopes, which no app is ever granted; this list does not depend on that.
 */
const APP_REFUSED = [
  /^\/api\/sim(\/|$)/i,
  /^\/api\/v37\/my\/(account|personalaccesskey|oauthclient|connectedapp)(\/|$)/i,
  /^\/api\/v37\/organization\/[^/]+\/(security|transferownership)\/?$/i,
];

export const appRefusedPath = (pathname: string): boolean => APP_REFUSED.some((re) => re.test(pathname));

const grant = alias(oauthStore, 'grant');

/**
 * The access token's row, its live grant, its person and its (not removed) app: one indexed lookup,
 * prepared once per database. The grant must still exist: a grant revoked while another process was
 * issuing tokens under it (a refresh token redeemed twice at once) leaves those tokens with nothing
 * behind them, so they are refused too.
 */
const build = (db: Db) =>
  db
    .select({
      payload: oauthStore.payload,
      grantId: oauthStore.grantId,
      clientId: oauthStore.clientId,
      userId: users.id,
      userNumId: users.numId,
      email: users.email,
      displayName: users.displayName,
    })
    .from(oauthStore)
    .innerJoin(users, sql`${users.id}::text = ${oauthStore.accountId}`)
    .innerJoin(oauthClients, and(eq(oauthClients.clientId, oauthStore.clientId), isNull(oauthClients.deletedAt)))
    .innerJoin(
      grant,
      and(
        eq(grant.model, 'Grant'),
        eq(grant.grantId, oauthStore.grantId),
        or(isNull(grant.expiresAt), gt(grant.expiresAt, sql`${sql.placeholder('now')}::timestamptz`)),
      ),
    )
    .where(
      and(
        eq(oauthStore.model, 'AccessToken'),
        eq(oauthStore.id, sql.placeholder('id')),
        gt(oauthStore.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare('oauth_access_token');
const lookup = perDb(build);

/**
 * The person an app's access token acts for, with exactly the scopes they granted the app, or
 * null when the token is unknown, expired, revoked, or its app was disconnected or removed. Read
 * from the database on every request (nothing remembered): a disconnect is felt at once by every
 * process. The token's power is its person's, now: each route still asks the door policy.
 */
export async function callerFromAppToken(db: Db, token: string, now: Date): Promise<Caller | null> {
  const [row] = await lookup(db).execute({ id: tokenHash(token), now: now.toISOString() });
  if (!row?.grantId || !row.clientId) return null;
  const granted = String((row.payload as { scope?: string }).scope ?? '').split(' ');
  const scopes = new Set(granted.filter((s): s is Scope => isScope(s) && isAppScope(s)));
  touchGrant(db, row.grantId, now);
  return {
    userId: row.userId,
    userNumId: row.userNumId,
    email: row.email,
    displayName: row.displayName,
    scopes,
    via: 'key',
    app: { clientId: row.clientId, grantId: row.grantId },
  };
}

/** "Last used" of a connected app, to the minute (one write a minute per grant at most). */
const touched = new Map<string, number>();

function touchGrant(db: Db, grantId: string, now: Date) {
  const mine = touched.get(grantId);
  if (mine !== undefined && now.getTime() - mine < 60_000) return;
  if (touched.size > 10_000) touched.clear();
  touched.set(grantId, now.getTime());
  db.update(oauthStore)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(oauthStore.model, 'Grant'),
        eq(oauthStore.grantId, grantId),
        or(isNull(oauthStore.lastUsedAt), lt(oauthStore.lastUsedAt, new Date(now.getTime() - 60_000))),
      ),
    )
    .catch((e: unknown) => logError('oauth: could not record app use', e));
}
