import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '@/db/client';
import { personalAccessKeys, users } from '@/db/schema';
import { randomToken, safeEqual, tokenHash } from '@/lib/crypto/secrets';
import type { Caller } from '@/lib/domain/context';
import { isScope, type Scope } from './scopes';

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

const prepared = new WeakMap<Db, ReturnType<typeof build>>();

function lookup(db: Db) {
  let q = prepared.get(db);
  if (!q) prepared.set(db, (q = build(db)));
  return q;
}

/** The caller a key stands for, or null when the key is unknown, wrong, revoked or expired. */
export async function callerFromKey(db: Db, key: string, now: Date): Promise<Caller | null> {
  const parsed = parseKey(key);
  if (!parsed) return null;
  const [row] = await lookup(db).execute({ prefix: parsed.prefix });
  if (!row || !safeEqual(row.secretHash, tokenHash(parsed.secret))) return null;
  if (row.revokedAt || row.validTo <= now) return null;
  touchLastUsed(db, row.id, row.lastUsedAt, now);
  return {
    userId: row.userId,
    userNumId: row.userNumId,
    email: row.email,
    displayName: row.displayName,
    scopes: new Set(row.scopes.filter(isScope) as Scope[]),
    via: 'key',
    keyId: row.id,
  };
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
    .where(and(eq(personalAccessKeys.id, id), or(isNull(personalAccessKeys.lastUsedAt), lt(personalAccessKeys.lastUsedAt, cutoff))))
    .catch((e: unknown) => console.error('could not record key use', e instanceof Error ? e.message : e));
}
