import { and, arrayOverlaps, eq, gt, isNull, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '@/db/client';
import { perDb } from '@/db/prepared';
import { personalAccessKeys, sessions, users } from '@/db/schema';
import { randomToken, safeEqual, tokenHash } from '@/lib/crypto/secrets';
import type { Caller } from '@/lib/domain/context';
import { logError } from '@/lib/log';
import { isScope, type Scope } from './scopes';
import { sessionLiveWhere } from './sessions';

/**
 * Personal access keys look like `slk_<8 hex prefix>_<43 chars secret>`.
 * The prefix is public (shown in lists, used to find the row); only SHA-256(secret) is stored.
 */
const KEY_RE = /^slk_([0-9a-f]{8})_([A-Za-z0-9_-]{43})$/;

export function newKeyMaterial(): { key: string; prefix: string; secretHash: string } {
  const prefix = randomBytes(4).toString('hex');
  const secret = randomToken(32);
  return { key: `slk_${prefix}_${secret}`, prefix, secretHash: tokenHash(secret) };
}

/** Anything shaped like one of our keys (used to refuse keys sent in query strings). */
export function looksLikeKey(value: string): boolean {
  return /slk_[0-9a-f]{8}_/.test(value);
}

export function parseKey(key: string): { prefix: string; secret: string } | null {
  const m = KEY_RE.exec(key);
  return m ? { prefix: m[1], secret: m[2] } : null;
}

/** The row behind a prefix: one indexed lookup (unique index on prefix), prepared once per database. */
const build = (db: Db) =>
  db
    .select({
      id: personalAccessKeys.id,
      secretHash: personalAccessKeys.secretHash,
      scopes: personalAccessKeys.scopes,
      validTo: personalAccessKeys.validTo,
      revokedAt: personalAccessKeys.revokedAt,
      lastUsedAt: personalAccessKeys.lastUsedAt,
      userId: users.id,
      userNumId: users.numId,
      email: users.email,
      displayName: users.displayName,
    })
    .from(personalAccessKeys)
    .innerJoin(users, eq(users.id, personalAccessKeys.userId))
    .where(eq(personalAccessKeys.prefix, sql.placeholder('prefix')))
    .limit(1)
    .prepare('pak_by_prefix');

const lookup = perDb(build);

/** The caller a key stands for, or null when the key is unknown, wrong, revoked or expired. */
export async function callerFromKey(db: Db, key: string, now: Date): Promise<Caller | null> {
  const parsed = parseKey(key);
  if (!parsed) return null;
  const [row] = await lookup(db).execute({ prefix: parsed.prefix });
  if (!row || !safeEqual(row.secretHash, tokenHash(parsed.secret))) return null;
  if (row.revokedAt || row.validTo <= now) {
    known.delete(parsed.prefix); // nothing to remember of a dead key (a wrong secret forgets nothing: prefixes are public)
    return null;
  }
  touchLastUsed(db, row.id, row.lastUsedAt, now);
  const caller: Caller = {
    userId: row.userId,
    userNumId: row.userNumId,
    email: row.email,
    displayName: row.displayName,
    scopes: new Set(row.scopes.filter(isScope) as Scope[]),
    via: 'key',
    keyId: row.id,
  };
  remember(parsed.prefix, row.secretHash, caller, now);
  return caller;
}

/*
 * Who a key stands for, remembered for a short while so that a read can skip the lookup and
 * check the key inside its own statement (one round trip instead of two). What is remembered is
 * never trusted alone: every request still confirms in the database that the key is unrevoked,
 * unexpired and holds one of the route's scopes (`keyStillValidSql`), so revoking, expiring or
 * narrowing a key takes effect on the next call in every process. Only the name and e-mail shown
 * may lag by up to KNOWN_TTL_MS, and only on reads.
 */
const KNOWN_TTL_MS = 30_000;
const KNOWN_MAX = 10_000;
const known = new Map<string, { secretHash: string; caller: Caller; at: number }>();

function remember(prefix: string, secretHash: string, caller: Caller, now: Date) {
  if (known.size >= KNOWN_MAX) known.clear();
  known.set(prefix, { secretHash, caller, at: now.getTime() });
}

/** The caller behind a key seen recently (one hash, no query), or null: then use `callerFromKey`. */
export function recentCaller(db: Db, key: string, now: Date): Caller | null {
  const parsed = parseKey(key);
  if (!parsed) return null;
  const hit = known.get(parsed.prefix);
  if (!hit || now.getTime() - hit.at > KNOWN_TTL_MS || !safeEqual(hit.secretHash, tokenHash(parsed.secret)))
    return null;
  if (hit.caller.keyId) touchLastUsed(db, hit.caller.keyId, null, now);
  return hit.caller;
}

/** Drops what is remembered of a key (its database check failed: it is revoked, expired or changed). */
export function forgetKey(keyId: string) {
  for (const [prefix, hit] of known) if (hit.caller.keyId === keyId) known.delete(prefix);
}

/** The key `id` is unrevoked and unexpired at `now` and holds at least one of `scopes`. */
export function keyValidWhere(
  id: SQL | Placeholder | string,
  scopes: SQL | Placeholder | string[],
  now: SQL | Placeholder | Date,
): SQL {
  return and(
    eq(personalAccessKeys.id, id),
    isNull(personalAccessKeys.revokedAt),
    gt(personalAccessKeys.validTo, now),
    arrayOverlaps(personalAccessKeys.scopes, scopes),
  )!;
}

/**
 * For a statement that checks a remembered key or portal session itself: true when there is no key
 * to check (placeholder `checkKeyId` null) or the key is still good (`checkScopes`, `now`), and
 * there is no session to check (`checkSessionId` null) or it is still live (lib/auth/sessions.ts).
 * Instants go into placeholders as ISO strings: the postgres.js driver leaves date encoding to
 * drizzle's columns, which a placeholder bypasses.
 */
export const keyStillValidSql = (): SQL<boolean> =>
  sql<boolean>`((${sql.placeholder('checkKeyId')}::uuid is null or exists (select 1 from ${personalAccessKeys} where ${keyValidWhere(
    sql`${sql.placeholder('checkKeyId')}::uuid`,
    sql`${sql.placeholder('checkScopes')}::text[]`,
    sql.placeholder('now'),
  )})) and (${sql.placeholder('checkSessionId')}::uuid is null or exists (select 1 from ${sessions} where ${sessionLiveWhere(sql`${sql.placeholder('checkSessionId')}::uuid`, sql.placeholder('now'))})))`;

/**
 * The same check as an expression with its values in it, for a statement that is not prepared (the
 * API's budget, lib/http/ratelimit.ts): the key `keyId`, or else the portal session `sessionId`.
 */
export function stillValidSql(
  k: { keyId?: string; sessionId?: string; scopes: readonly string[] },
  now: Date,
): SQL<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  if (k.keyId) {
    const scopes = sql`array[${sql.join(
      k.scopes.map((x) => sql`${x}`),
      sql`, `,
    )}]::text[]`;
    return sql<boolean>`exists (select 1 from ${personalAccessKeys} where ${keyValidWhere(sql`${k.keyId}::uuid`, scopes, at)})`;
  }
  if (!k.sessionId) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${sessions} where ${sessionLiveWhere(sql`${k.sessionId}::uuid`, at)})`;
}

const buildCheck = (db: Db) =>
  db
    .select({ id: personalAccessKeys.id })
    .from(personalAccessKeys)
    .where(keyValidWhere(sql.placeholder('id'), sql`${sql.placeholder('scopes')}::text[]`, sql.placeholder('now')))
    .prepare('pak_still_valid');
const check = perDb(buildCheck);

/** The same check on its own, for a request whose statements did not include it. */
export async function keyStillValid(db: Db, keyId: string, scopes: readonly string[], now: Date): Promise<boolean> {
  return (await check(db).execute({ id: keyId, scopes: [...scopes], now: now.toISOString() })).length > 0;
}

/** "Last used" to the minute is enough; writing it on every request would cost a write per read. */
const touched = new Map<string, number>();

function touchLastUsed(db: Db, id: string, last: Date | null, now: Date) {
  if (last && now.getTime() - last.getTime() < 60_000) return;
  // Requests arriving together all read the old value: only the first of them writes.
  const mine = touched.get(id);
  if (mine !== undefined && now.getTime() - mine < 60_000) return;
  if (touched.size > 10_000) touched.clear();
  touched.set(id, now.getTime());
  const cutoff = new Date(now.getTime() - 60_000);
  db.update(personalAccessKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(personalAccessKeys.id, id),
        or(isNull(personalAccessKeys.lastUsedAt), lt(personalAccessKeys.lastUsedAt, cutoff)),
      ),
    )
    .catch((e: unknown) => logError('keys: could not record key use', e));
}
