import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '@/tests/support/config';
import { lockWithCast } from '../support/factories/core';
import { distinctPins, pinRows } from '../support/factories/pins';
import {
  ensureBuild,
  freshStore,
  pgProxy,
  portAt,
  sleep,
  startCluster,
  stopCluster,
  type Cluster,
  type Store,
} from './support';

/**
 * Issue 30, the production shape survives its own parts: `npm run start:cluster` (two processes
 * behind HAProxy, scripts/cluster.mjs) on a database reached through a TCP proxy the test can cut,
 * under a steady load of reads and PIN writes (each write with its Idempotency-Key). One cluster,
 * the scenarios in order:
 *  1. a replayed write through the balancer (the two sends land on different processes) runs once;
 *  2. the database cut for 3 s: every answer is the API's (JSON in the envelope; 503 with
 *     Retry-After while cut), none is the balancer's, and no process is taken out;
 *  3. kill -9 of one process: the service keeps answering (only requests in flight on the dead
 *     process may fail, with the balancer's 502 in the envelope), the supervisor starts it again
 *     and it is back in service;
 *  4. a rolling restart (SIGHUP) of both processes under load: zero failed requests;
 *  5. SIGTERM: the cluster stops within its budget.
 * Postgres only (processes share one database).
 */
const pg = onPostgres();
const PORT = portAt(70);
const APPS = [PORT + 10, PORT + 11];
let store: Store | undefined;
let cluster: Cluster | undefined;
let proxy: Awaited<ReturnType<typeof pgProxy>> | undefined;

interface Sent {
  kind: 'read' | 'write';
  status: number;
  text: string;
  json: { success?: boolean; statusCode?: number; errorMessages?: string[] } | null;
  type: string;
  retryAfter: string | null;
  startedAt: number;
  endedAt: number;
  alias?: string;
  lockId: number;
}

type Cast = Awaited<ReturnType<typeof lockWithCast>>;
let casts: Cast[] = [];
const pins = distinctPins(5000);
let pinAt = 0;

/** The process exists (and is not yet reaped by its supervisor). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function send(method: string, url: string, key: string, body?: unknown, headers: Record<string, string> = {}) {
  const startedAt = Date.now();
  try {
    const r = await fetch(cluster!.url + url, {
      method,
      headers: {
        authorization: `PersonalKey ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await r.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: the test says so */
    }
    return {
      status: r.status,
      json,
      text,
      type: r.headers.get('content-type') ?? '',
      retryAfter: r.headers.get('retry-after'),
      replayed: r.headers.get('idempotent-replayed'),
      startedAt,
      endedAt: Date.now(),
    };
  } catch (e) {
    return {
      status: 0,
      json: null,
      text: `${e}: ${(e as { cause?: unknown }).cause}`,
      type: '',
      retryAfter: null,
      replayed: null,
      startedAt,
      endedAt: Date.now(),
    };
  }
}

/** One reader and one writer per lock, each one request after the other, until `stop()`. */
function load() {
  const sent: Sent[] = [];
  let stop = false;
  const loop = (kind: 'read' | 'write', c: Cast) =>
    (async () => {
      while (!stop) {
        const alias = kind === 'write' ? `PIN ${pinAt}` : undefined;
        const r =
          kind === 'read'
            ? await send('GET', `/api/v37/my/lock/${c.lock.id}`, c.owner.key)
            : await send(
                'POST',
                `/api/v37/my/lock/${c.lock.id}/pin`,
                c.owner.key,
                { alias, pin: pins[pinAt++ % pins.length] },
                { 'idempotency-key': randomUUID() },
              );
        sent.push({ kind, ...r, alias, lockId: c.lock.id });
        await sleep(15);
      }
    })();
  const loops = casts.flatMap((c) => [loop('read', c), loop('write', c)]);
  return {
    sent,
    stop: async () => {
      stop = true;
      await Promise.all(loops);
      return sent;
    },
  };
}

const ok = (s: Sent) => s.status === 200 || s.status === 201;
const summary = (xs: Sent[]) => {
  const counts = new Map<string, number>();
  for (const s of xs) counts.set(`${s.kind} ${s.status}`, (counts.get(`${s.kind} ${s.status}`) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k}×${n}`).join(', ');
};
/** The API's own answer: JSON in the envelope, its status in it. */
const inEnvelope = (s: Sent) =>
  s.type.startsWith('application/json') &&
  !!s.json &&
  typeof s.json.success === 'boolean' &&
  s.json.statusCode === s.status;

describe.runIf(pg)(`the cluster under load${pg ? '' : ' (skipped: needs DATABASE_URL)'}`, () => {
  beforeAll(async () => {
    await ensureBuild();
    store = await freshStore('cluster');
    await store.use();
    casts = await Promise.all(Array.from({ length: 3 }, () => lockWithCast()));
    const direct = new URL(store.env.DATABASE_URL);
    proxy = await pgProxy(portAt(79), direct);
    const viaProxy = new URL(direct);
    viaProxy.port = String(portAt(79));
    cluster = await startCluster(
      PORT,
      { ...store, env: { DATABASE_URL: viaProxy.toString() } },
      { SIM_COMMAND_MS: '10', DB_POOL_MAX: '6', SHUTDOWN_TIMEOUT_MS: '8000' },
    );
    // HAProxy takes a process in after two passed checks: wait until both are UP
    for (let i = 0; i < 100 && Object.values(await cluster.states()).filter((s) => s === 'UP').length < 2; i++)
      await sleep(200);
    // both processes load the routes (the first call of a route is slow)
    for (let i = 0; i < 4; i++) {
      await send('GET', `/api/v37/my/lock/${casts[0].lock.id}`, casts[0].owner.key);
      await send('POST', `/api/v37/my/lock/${casts[0].lock.id}/pin`, casts[0].owner.key, {
        alias: `Warm ${i}`,
        pin: pins[pinAt++],
      });
    }
  }, 600_000);
  afterAll(async () => {
    // what the supervisor, HAProxy and the processes said, for a failure's post-mortem
    if (cluster) writeFileSync(path.join('.data', `cluster-test-${PORT}.log`), cluster.output());
    stopCluster(cluster, 'SIGKILL');
    proxy?.close();
    await store?.drop();
  }, 60_000);

  it('starts both processes and HAProxy routes to both', async () => {
    expect(await cluster!.states()).toEqual({ app1: 'UP', app2: 'UP' });
    for (const p of APPS) expect(cluster!.pidOn(p)).toBeGreaterThan(0);
  });

  it('a write repeated with its Idempotency-Key through the balancer runs once, on whichever process', async () => {
    const c = casts[1];
    const url = `/api/v37/my/lock/${c.lock.id}/pin`;
    const before = (await pinRows(c.lock.id)).length;
    const k = randomUUID();
    const body = { alias: 'Replayed', pin: pins[pinAt++] };
    const first = await send('POST', url, c.owner.key, body, { 'idempotency-key': k });
    const again = await send('POST', url, c.owner.key, body, { 'idempotency-key': k });
    expect(first.status, first.text).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(again.replayed).toBe('true');
    // two at once with one key: one runs, the other is told it is under way (409) or gets its answer
    const k2 = randomUUID();
    const body2 = { alias: 'Twice at once', pin: pins[pinAt++] };
    const both = await Promise.all([0, 1].map(() => send('POST', url, c.owner.key, body2, { 'idempotency-key': k2 })));
    expect(both.map((b) => b.status).sort()).toEqual(expect.arrayContaining([201]));
    for (const b of both) expect([201, 409]).toContain(b.status);
    const aliases = (await pinRows(c.lock.id)).map((p) => p.alias);
    expect(aliases.filter((a) => a === 'Replayed')).toHaveLength(1);
    expect(aliases.filter((a) => a === 'Twice at once')).toHaveLength(1);
    expect(aliases.length).toBe(before + 2);
  });

  it('database cut for 3 s: every answer is the API’s own (503 in the envelope with Retry-After), no process is taken out', {
    timeout: 60_000,
  }, async () => {
    const l = load();
    await sleep(1500);
    const cutAt = Date.now();
    proxy!.cut();
    const statesDuring: Array<Record<string, string>> = [];
    for (let i = 0; i < 6; i++) {
      await sleep(500);
      statesDuring.push(await cluster!.states());
    }
    const restoredAt = Date.now();
    await proxy!.restore();
    await sleep(3000);
    const sent = await l.stop();
    const all = summary(sent);
    expect(
      sent.filter((s) => !inEnvelope(s)).map((s) => `${s.status} ${s.type}`),
      all,
    ).toEqual([]);
    const whileCut = sent.filter((s) => s.startedAt > cutAt + 200 && s.endedAt < restoredAt);
    expect(whileCut.length, all).toBeGreaterThan(10);
    for (const s of whileCut) {
      expect(s.status, all).toBe(503);
      expect(s.retryAfter).toMatch(/^\d+$/);
    }
    expect(sent.filter((s) => s.status >= 500 && s.status !== 503).length, all).toBe(0);
    for (const st of statesDuring) expect(st).toEqual({ app1: 'UP', app2: 'UP' });
    // served again once it is back
    const after = sent.filter((s) => s.startedAt > restoredAt + 1000);
    expect(after.length, all).toBeGreaterThan(10);
    expect(after.filter((s) => !ok(s)).length, all).toBe(0);
  });

  it('kill -9 of one process under load: the service keeps answering, the process comes back', {
    timeout: 120_000,
  }, async () => {
    const victim = cluster!.pidOn(APPS[0])!;
    const l = load();
    await sleep(1500);
    process.kill(victim, 'SIGKILL');
    // the kernel takes the process down (its listener and connections with it) some time after the
    // signal, longer on a busy machine: requests it accepted until then are the ones under way
    while (alive(victim)) await sleep(5);
    const killedAt = Date.now();
    await sleep(4000);
    const sent = await l.stop();
    const all = summary(sent);
    // Requests under way on the dead process at the kill end without an answer: the balancer's 502
    // in the envelope, or the client connection closed without an answer (HAProxy did that for some;
    // why was not pinned down). Neither ran twice: the balancer repeats nothing it sent,
    // and a client repeats with its Idempotency-Key. Everything sent after the kill is served; a
    // write may meet the dead process's device slot on its lock (409 busy, in the envelope) until
    // that slot expires by itself.
    const inFlight = sent.filter((s) => s.startedAt <= killedAt + 50 && !ok(s));
    expect(inFlight.length, all).toBeLessThanOrEqual(casts.length * 2);
    for (const f of inFlight) {
      expect([0, 502], `${f.status} ${f.text}`).toContain(f.status);
      if (f.status === 502) expect(inEnvelope(f), f.type).toBe(true);
    }
    const later = sent.filter((s) => s.startedAt > killedAt + 50);
    const busy = later.filter((s) => s.kind === 'write' && s.status === 409);
    for (const b of busy) expect(b.json?.errorMessages?.join(' '), all).toMatch(/Another request is being processed/);
    expect(
      later.filter((s) => !ok(s) && !busy.includes(s)).map((s) => `${s.kind} ${s.status} ${s.text.slice(0, 100)}`),
      all,
    ).toEqual([]);
    expect(later.filter(ok).length, all).toBeGreaterThan(20);
    // the supervisor logged the death with its signal, started it again, and it is back in service
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline && !(cluster!.pidOn(APPS[0]) !== victim && (await cluster!.states()).app1 === 'UP'))
      await sleep(500);
    expect(cluster!.output()).toMatch(new RegExp(`app1 \\(pid ${victim}, port ${APPS[0]}\\) exited on SIGKILL`));
    expect(cluster!.pidOn(APPS[0])).not.toBe(victim);
    expect(await cluster!.states()).toEqual({ app1: 'UP', app2: 'UP' });
  });

  it('a rolling restart (SIGHUP) of both processes under load fails no request', { timeout: 240_000 }, async () => {
    const before = APPS.map((p) => cluster!.pidOn(p));
    const l = load();
    await sleep(1000);
    const mark = cluster!.output().length;
    cluster!.proc.kill('SIGHUP');
    const deadline = Date.now() + 200_000;
    while (Date.now() < deadline && !cluster!.output().slice(mark).includes('rolling restart done')) await sleep(500);
    await sleep(1000);
    const sent = await l.stop();
    const all = summary(sent);
    expect(cluster!.output().slice(mark)).toMatch(/rolling restart done/);
    expect(sent.length, all).toBeGreaterThan(100);
    expect(
      sent.filter((s) => !ok(s)).map((s) => `${s.kind} ${s.status} ${s.text?.slice(0, 120)}`),
      all,
    ).toEqual([]);
    const after = APPS.map((p) => cluster!.pidOn(p));
    for (const [i, pid] of after.entries()) expect(pid).not.toBe(before[i]);
    expect(await cluster!.states()).toEqual({ app1: 'UP', app2: 'UP' });
    // every acknowledged PIN is stored
    for (const c of casts) {
      const stored = new Set((await pinRows(c.lock.id)).map((p) => p.alias));
      for (const s of sent.filter((x) => x.kind === 'write' && x.lockId === c.lock.id && x.status === 201))
        expect(stored.has(s.alias!), `${s.alias} acknowledged, not stored`).toBe(true);
    }
  });

  it('SIGTERM stops the balancer, then each process gracefully, within the budget', { timeout: 60_000 }, async () => {
    const t = Date.now();
    cluster!.proc.kill('SIGTERM');
    expect(await cluster!.exited).toBe(0);
    expect(Date.now() - t).toBeLessThan(30_000);
    expect(cluster!.output()).toMatch(/shutdown: done in \d+ ms, database closed/);
  });
});
