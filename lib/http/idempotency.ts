import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { idempotencyKeys } from '@/db/schema';
import { decryptSecret, encryptSecret } from '@/lib/crypto/secrets';
import { logError } from '@/lib/log';
import { failure } from './envelope';

/**
 * `Idempotency-Key` on writes (POST, PUT, PATCH, DELETE), as in the IETF's draft "The
 * Idempotency-Key HTTP Header Field": a client that repeats a write with the key it first sent
 * (after a timeout, a dropped connection, a 502) gets the first answer, and the write runs once.
 *  - Kept per account for 24 h in the database (idempotency_keys), never in a process's memory:
 *    the repeat may land on any process.
 *  - The same key with another request (method, path or body) in those 24 h: 422.
 *  - A repeat while the first attempt is still under way: 409 with Retry-After: 1, at once. Waiting
 *    instead would hold the client's connection and poll the database for as long as the first
 *    takes (a PIN change waits seconds for its lock); the client that repeats has already given
 *    up on one connection, and repeating a moment later gets the stored answer.
 *  - What is stored: every answer of the route (2xx, and 4xx refusals: they are its outcome). Not
 *    stored: 5xx (the write did not complete, a repeat may run it) and a client that went away;
 *    the key is released and a repeat runs afresh.
 *  - The answer is encrypted at rest (it may carry a secret shown once: a new key, a link's URL).
 * A first attempt whose process died leaves its key `running`: after LEASE_MS a repeat with the
 * same request takes it over and runs. Between the write's commit and the answer's record there
 * are milliseconds in which a death leaves the key to be taken over although the write happened.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const KEEP_MS = 24 * 3600_000;
const LEASE_MS = 2 * 60_000;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Headers of the answer worth giving back on a repeat (not its rate-limit or request id: those are the repeat's own). */
const KEPT_HEADERS = ['content-type', 'location', 'etag', 'cache-control'];

export interface IdempotentRequest {
  key: string;
  account: string;
  fingerprint: string;
}

/** The key of a write and what identifies it; undefined when the request carries none (or is a read). 400 for a malformed key. */
export function idempotencyOf(
  req: Request,
  account: string,
  bodyText: string,
): IdempotentRequest | Response | undefined {
  if (!WRITES.has(req.method)) return undefined;
  const key = req.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return undefined;
  if (!KEY_FORMAT.test(key))
    return failure(400, [
      'Idempotency-Key: must be 1 to 255 visible ASCII characters (a UUID is a good key: a new one for each new write).',
    ]);
  const url = new URL(req.url);
  const fingerprint = createHash('sha256')
    .update(`${req.method} ${url.pathname.toLowerCase().replace(/\/$/, '')}${url.search}\n${bodyText}`)
    .digest('base64url');
  return { key, account, fingerprint };
}

/** The account a public endpoint's keys belong to: its path (an access link's token names the link). */
export const publicAccount = (req: Request) =>
  `path:${createHash('sha256').update(new URL(req.url).pathname.toLowerCase()).digest('base64url')}`;

interface Stored {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Runs `run` once per key: the first time, recording its answer; a repeat gets that answer (with
 * `Idempotent-Replayed: true`), 409 while the first is under way, 422 for another request.
 */
export async function idempotent(
  db: Db,
  r: IdempotentRequest,
  now: Date,
  run: () => Promise<Response>,
): Promise<Response> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const id = await claim(db, r, now);
    if (id) return runAndRecord(db, id, run);
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.account, r.account), eq(idempotencyKeys.key, r.key)));
    if (!row) continue; // released meanwhile: claim again
    if (row.fingerprint !== r.fingerprint)
      return failure(422, [
        'Idempotency-Key: this key was used in the last 24 hours for another request (method, path or body). Use a new key for a new write.',
      ]);
    if (row.state === 'running')
      return failure(
        409,
        [
          'A request with this Idempotency-Key is still being processed. Repeat it in a moment to get its answer; it will not run twice.',
        ],
        { 'retry-after': '1' },
      );
    return replay(row.id, row.responseCiphertext, row.status);
  }
  return failure(409, ['This Idempotency-Key is busy. Repeat the request in a moment.'], { 'retry-after': '1' });
}

/** Takes the key for this request: new, expired, or abandoned `running` by a process that died. Returns its row id. */
async function claim(db: Db, r: IdempotentRequest, now: Date): Promise<string | undefined> {
  const fresh = {
    account: r.account,
    key: r.key,
    fingerprint: r.fingerprint,
    state: 'running' as const,
    leaseUntil: new Date(now.getTime() + LEASE_MS),
    status: null,
    responseCiphertext: null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + KEEP_MS),
  };
  const t = idempotencyKeys;
  // a Date in raw SQL is not serialized by postgres.js (only in typed columns): ISO text, cast
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(t)
    .values(fresh)
    .onConflictDoUpdate({
      target: [t.account, t.key],
      set: { ...fresh, id: sql`gen_random_uuid()` },
      setWhere: sql`${t.expiresAt} < ${at} or (${t.state} = 'running' and ${t.leaseUntil} < ${at} and ${t.fingerprint} = ${r.fingerprint})`,
    })
    .returning({ id: t.id });
  // now and then, keys past their 24 h go (a few hundred at a time, any account)
  if (row && Math.random() < 0.01)
    await db
      .delete(t)
      .where(sql`${t.id} in (select id from idempotency_keys where expires_at < ${at} limit 500)`)
      .catch((e) => logError('idempotency sweep', e));
  return row?.id;
}

async function runAndRecord(db: Db, id: string, run: () => Promise<Response>): Promise<Response> {
  let res: Response;
  try {
    res = await run();
  } catch (e) {
    await release(db, id);
    throw e;
  }
  if (res.status >= 500 || res.status === 499) {
    await release(db, id);
    return res;
  }
  const body = await res.clone().text();
  const headers: Record<string, string> = {};
  for (const h of KEPT_HEADERS) {
    const v = res.headers.get(h);
    if (v !== null) headers[h] = v;
  }
  const stored: Stored = { status: res.status, headers, body };
  try {
    await db
      .update(idempotencyKeys)
      .set({
        state: 'done',
        status: res.status,
        responseCiphertext: encryptSecret(JSON.stringify(stored), 'idempotency_keys', id),
      })
      .where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.state, 'running')));
  } catch (e) {
    // the answer stands; a repeat after the lease runs again (docs/deployment.md says so)
    logError('idempotency record', e);
  }
  return res;
}

async function release(db: Db, id: string) {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.state, 'running')))
    .catch((e) => logError('idempotency release', e));
}

function replay(id: string, box: string | null, status: number | null): Response {
  let stored: Stored;
  try {
    stored = JSON.parse(decryptSecret(box ?? '', 'idempotency_keys', id)) as Stored;
  } catch {
    return failure(409, [
      `The first answer to this Idempotency-Key (status ${status}) can no longer be read (the server's secret changed). Check the outcome, then use a new key.`,
    ]);
  }
  const noBody = stored.status === 204 || stored.status === 304;
  return new Response(noBody ? null : stored.body, {
    status: stored.status,
    headers: { ...stored.headers, 'idempotent-replayed': 'true' },
  });
}
