import { afterAll, describe, expect, it } from 'vitest';
import { onPostgres } from '@/tests/support/config';
import { isDatabaseUnreachable } from '@/lib/http/unavailable';
import { lockWithCast } from '../support/factories/core';
import { distinctPins, pinRows } from '../support/factories/pins';
import { call, pgProxy, portAt, sleep, startServer, storePerBlock, type Answer } from './support';

/**
 * Issue 21, the database drops (docs/deployment.md): a TCP proxy between the server and Postgres,
 * cut under a steady mixed load and restored. While it is cut every request answers quickly with
 * 503 in the envelope and Retry-After, /api/health says 503, nothing answers 500 or hangs; once
 * restored the server serves again without a restart. Every write acknowledged with 2xx is in the
 * database, and every write refused while the proxy was cut left nothing.
 */

describe('connection failures are recognised through the wrappers', () => {
  it('postgres.js codes, Node codes, SQLSTATE class 08, a cause chain; not other errors', () => {
    expect(isDatabaseUnreachable(Object.assign(new Error('x'), { code: 'CONNECTION_CLOSED' }))).toBe(true);
    expect(
      isDatabaseUnreachable(
        new Error('Failed query', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) }),
      ),
    ).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnreachable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(
      true,
    );
    expect(isDatabaseUnreachable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnreachable(new Error('plain'))).toBe(false);
  });
});

const pg = onPostgres();
let proxy: Awaited<ReturnType<typeof pgProxy>> | undefined;

interface Sent extends Answer {
  kind: 'read' | 'write';
  alias?: string;
  lockId: number;
  startedAt: number;
  endedAt: number;
}

describe.runIf(pg)(
  `Postgres cut off under load and back${pg ? '' : ' (skipped: needs DATABASE_URL, PGlite is inside the server)'}`,
  () => {
    const run = storePerBlock('dbdrop');
    // after the server stopped (hooks after tests run last first)
    afterAll(() => proxy?.close());

    it('503 with Retry-After within 2 s while cut, health 503, no 500; serves again; 2xx writes kept, refused ones left nothing', {
      timeout: 120_000,
    }, async () => {
      const casts = await Promise.all(Array.from({ length: 4 }, () => lockWithCast()));
      const direct = new URL(run.store.env.DATABASE_URL);
      proxy = await pgProxy(portAt(41), direct);
      const viaProxy = new URL(direct);
      viaProxy.port = String(portAt(41));
      const s = await startServer(portAt(40), run.store, {
        DATABASE_URL: viaProxy.toString(),
        SIM_COMMAND_MS: '10',
        DB_POOL_MAX: '4',
      });
      run.servers.push(s);
      const values = distinctPins(2000);
      let n = 0;
      // the first call of each route loads it
      for (const c of casts.slice(0, 1)) {
        expect((await call(s.url, 'GET', `/api/v37/my/lock/${c.lock.id}`, c.owner.key)).status).toBe(200);
        expect(
          (
            await call(s.url, 'POST', `/api/v37/my/lock/${c.lock.id}/pin`, c.owner.key, {
              alias: 'Warm',
              pin: values[n++],
            })
          ).status,
        ).toBe(201);
      }

      // steady load: per lock one reader and one writer, each one request after the other
      const sent: Sent[] = [];
      let stop = false;
      const loop = (kind: 'read' | 'write', c: (typeof casts)[number]) =>
        (async () => {
          while (!stop) {
            const startedAt = Date.now();
            const alias = kind === 'write' ? `PIN ${n}` : undefined;
            const r =
              kind === 'read'
                ? await call(s.url, 'GET', `/api/v37/my/lock/${c.lock.id}`, c.owner.key, undefined, 10_000)
                : await call(
                    s.url,
                    'POST',
                    `/api/v37/my/lock/${c.lock.id}/pin`,
                    c.owner.key,
                    { alias, pin: values[n++ % values.length] },
                    10_000,
                  );
            sent.push({ ...r, kind, alias, lockId: c.lock.id, startedAt, endedAt: Date.now() });
            await sleep(20);
          }
        })();
      const loops = casts.flatMap((c) => [loop('read', c), loop('write', c)]);

      await sleep(2000);
      const cutAt = Date.now();
      proxy.cut();
      await sleep(1000);
      const healthDown = await call(s.url, 'GET', '/api/health', undefined, undefined, 10_000);
      await sleep(2000);
      const restoredAt = Date.now();
      await proxy.restore();
      // two seconds to come back, then steady serving to count: three seconds of it, and longer
      // (up to 30 s) until more than 20 requests started after those two seconds. On a busy machine
      // a request takes up to a second or three, and three seconds held too few to judge (16, in
      // CI with the other leg's browser tests beside it).
      await sleep(5000);
      const afterRestore = (r: Sent) => r.startedAt > restoredAt + 2000;
      while (sent.filter(afterRestore).length <= 20 && Date.now() - restoredAt < 30_000) await sleep(250);
      const healthUp = await call(s.url, 'GET', '/api/health');
      stop = true;
      await Promise.all(loops);

      const summary = JSON.stringify(sent.map((r) => [r.kind, r.status, Math.round(r.ms), r.startedAt - cutAt]));
      // never a 500, never a hang (status 0: no answer in 10 s)
      expect(sent.filter((r) => r.status >= 500 && r.status !== 503).length, summary).toBe(0);
      expect(sent.filter((r) => r.status === 0).length, summary).toBe(0);
      // while cut: 503 in the envelope with Retry-After, each within 2 s
      const whileCut = sent.filter((r) => r.startedAt > cutAt + 100 && r.endedAt < restoredAt);
      expect(whileCut.length, summary).toBeGreaterThan(8);
      for (const r of whileCut) {
        expect(r.status, summary).toBe(503);
        expect(r.ms, summary).toBeLessThan(2000);
        expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(r.json).toEqual({
          success: false,
          statusCode: 503,
          errorMessages: [expect.stringMatching(/briefly unavailable/)],
        });
      }
      expect(healthDown.status).toBe(503);
      expect(healthDown.ms).toBeLessThan(2000);
      // back without a restart. (A connection of postgres.js cut in the middle of a write can stay
      // wedged for a while after: a request on it gets 503 after the 2 s connect timeout. Seen now
      // and then, docs/deployment.md; so: nearly all, and the rest still 503 with Retry-After.)
      expect(healthUp.status).toBe(200);
      const after = sent.filter(afterRestore);
      expect(after.length, summary).toBeGreaterThan(20);
      expect(
        after.filter((r) => r.status === 200 || r.status === 201).length / after.length,
        summary,
      ).toBeGreaterThanOrEqual(0.9);
      for (const r of after.filter((x) => x.status === 503)) expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(
        sent.filter((r) => r.startedAt < cutAt && r.status !== 200 && r.status !== 201 && r.endedAt < cutAt),
      ).toEqual([]);

      // every acknowledged write is stored; a refused one left nothing (a write under way at the very
      // moment of the cut may have committed without its answer getting out: it may be either)
      const writes = sent.filter((r) => r.kind === 'write');
      const refused = writes.filter((r) => r.status === 503 && r.startedAt > cutAt);
      expect(refused.length).toBeGreaterThan(2);
      for (const c of casts) {
        const stored = new Set((await pinRows(c.lock.id)).map((p) => p.alias));
        const mine = writes.filter((w) => w.lockId === c.lock.id);
        for (const w of mine.filter((x) => x.status === 201))
          expect(stored.has(w.alias!), `acknowledged ${w.alias} missing`).toBe(true);
        for (const w of mine.filter((x) => x.status === 503 && x.startedAt > cutAt))
          expect(stored.has(w.alias!), `refused ${w.alias} stored`).toBe(false);
        const ambiguous = mine.filter((x) => x.status !== 201 && x.startedAt <= cutAt).length;
        stored.delete('Warm');
        const acknowledged = mine.filter((x) => x.status === 201).length;
        expect(stored.size).toBeGreaterThanOrEqual(acknowledged);
        expect(stored.size).toBeLessThanOrEqual(acknowledged + ambiguous);
      }
    });
  },
);
