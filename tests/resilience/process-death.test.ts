import { describe, expect, it } from 'vitest';
import { onPostgres } from '@/tests/support/config';
import { closeDb } from '@/db/client';
import { randomUUID } from 'node:crypto';
import { deviceReports } from '@/lib/domain/devices/reports';
import { settleOverdue } from '@/lib/domain/devices/reconcile';
import { db, lockWithCast } from '../support/factories/core';
import { deviceRow, operationRow } from '../support/factories/devices';
import { distinctPins } from '../support/factories/pins';
import { call, serversPerTest, freshStore, portAt, sleep, startServer, type Answer, type Server } from './support';

/**
 * Issue 21, a process dies (docs/deployment.md): kill -9, no chance to clean up.
 *  - Postgres, two servers: one dies while unlocks are under way. Every unlock it accepted (202)
 *    still ends, as the lock answered or timed out, seen through the survivor (the lock's bridge
 *    sends its answer to the service's callback, which is no process's own); no lock stays busy
 *    (busy is the lock's answer, and it finishes what it started); the survivor serves throughout.
 *  - Any database, one server: killed during a stream of writes and started again, it comes up
 *    (migrations fine) and every write it acknowledged with 2xx is there.
 */
const pg = onPostgres();
const run = serversPerTest();

describe('a process that died between recording a command and sending it', () => {
  it('leaves a pending operation the sweep ends as not confirmed once past its time, the lock where it was', async () => {
    const { owner, lock } = await lockWithCast();
    const d = await db();
    const operationId = randomUUID();
    const asked = new Date();
    await deviceReports.commandAccepted(d, {
      operationId,
      device: { id: lock.id, type: lock.type },
      type: 1,
      mode: null,
      userId: owner.id,
      accessLinkId: null,
      fromState: 6,
      state: 4,
      expectedEnd: new Date(asked.getTime() + 1000),
      at: asked,
    });
    // not yet past its time: the accepting process may still be sending it
    expect(await settleOverdue(d, new Date(asked.getTime() + 500), [lock.id])).toBe(0);
    expect((await operationRow(operationId)).status).toBe('PENDING');
    await settleOverdue(d, new Date(asked.getTime() + 2000), [lock.id]);
    expect(await operationRow(operationId)).toMatchObject({ status: 'COMPLETED', result: 2 });
    expect(await deviceRow(lock.id)).toMatchObject({ state: 6, stateChangeResult: 2 });
  });
});

const unlock = (s: Server, c: { owner: { key: string }; lock: { id: number } }) =>
  call(s.url, 'POST', `/api/v37/my/lock/${c.lock.id}/operation/unlock`, c.owner.key);

describe.runIf(pg)(
  `kill -9 of one of two server processes on one Postgres${pg ? '' : ' (skipped: needs DATABASE_URL, PGlite serves one process)'}`,
  () => {
    it('every accepted unlock ends, no lock stays busy, the other process keeps serving', {
      timeout: 120_000,
    }, async () => {
      const store = (run.store = await freshStore('death'));
      await store.use();
      const casts = await Promise.all(Array.from({ length: 9 }, () => lockWithCast()));
      const [warm, ...locks] = casts;
      // the locks answer after 1.5 s, whichever process sent the command
      const env = { SIM_COMMAND_MS: '1500', SIM_REAPER_MS: '250' };
      run.servers = await Promise.all([startServer(portAt(30), store, env), startServer(portAt(31), store, env)]);
      const [a, b] = run.servers;
      for (const s of run.servers) {
        expect((await unlock(s, warm)).status, 'warm-up').toBeOneOf([202, 409]);
        expect((await call(s.url, 'GET', `/api/v37/my/lock/${warm.lock.id}`, warm.owner.key)).status).toBe(200);
      }

      // two unlocks accepted by A for sure, six more under way when it dies
      const answers = new Map<number, Answer>();
      for (const c of locks.slice(0, 2)) answers.set(c.lock.id, await unlock(a, c));
      const inFlight = locks.slice(2).map((c) => unlock(a, c).then((r) => answers.set(c.lock.id, r)));
      await sleep(40);
      a.proc.kill('SIGKILL');
      // B serves while A dies
      const during = call(b.url, 'GET', `/api/v37/my/lock/${warm.lock.id}`, warm.owner.key);
      await Promise.all(inFlight);
      expect((await during).status).toBe(200);
      expect(await a.exited).toBe('SIGKILL');
      const accepted = [...answers.values()].filter((r) => r.status === 202);
      expect(accepted.length, JSON.stringify([...answers.values()].map((r) => r.status))).toBeGreaterThanOrEqual(2);
      // what A answered before dying is 202; the rest got no answer (status 0), never a 5xx
      for (const r of answers.values()) expect([0, 202]).toContain(r.status);

      // no lock stays busy: a new unlock through B gets through on every one once the lock has
      // finished what A sent it (1.5 s after it took it)
      const deadline = Date.now() + 10_000;
      for (const c of locks) {
        for (;;) {
          const r = await unlock(b, c);
          if (r.status === 202) break;
          expect(r.status, JSON.stringify(r.json)).toBe(409);
          expect(Date.now(), `lock ${c.lock.id} still busy`).toBeLessThan(deadline);
          await sleep(250);
        }
      }
      // every operation A accepted has ended: as the lock answered (0) or timed out (2)
      for (const [lockId, r] of answers) {
        if (r.status !== 202) continue;
        const c = locks.find((x) => x.lock.id === lockId)!;
        const op = await call(b.url, 'GET', `/api/v37/my/device/operation/${r.json.result.operationId}`, c.owner.key);
        expect(op.json.result).toMatchObject({ status: 'COMPLETED', result: expect.toBeOneOf([0, 2]) });
      }
      expect((await call(b.url, 'GET', '/api/health')).status).toBe(200);
    });
  },
);

describe(`kill -9 of the server during writes, then a restart (${pg ? 'Postgres' : 'PGlite'})`, () => {
  it('starts again (migrations fine) and every write acknowledged with 2xx is there', {
    timeout: 120_000,
  }, async () => {
    const store = (run.store = await freshStore('restart'));
    await store.use();
    const casts = await Promise.all(Array.from({ length: 4 }, () => lockWithCast()));
    await closeDb(); // PGlite: the folder is the server's from now on
    const env = { SIM_COMMAND_MS: '10' };
    let s = await startServer(portAt(32), store, env);
    run.servers = [s];
    // the first call of a route loads it
    expect(
      (
        await call(s.url, 'POST', `/api/v37/my/lock/${casts[0].lock.id}/pin`, casts[0].owner.key, {
          alias: 'Warm',
          pin: '572913',
        })
      ).status,
    ).toBe(201);
    // four writers, one per lock, each adding PINs one after the other until the server dies
    const acked = new Map<number, string[]>(casts.map((c) => [c.lock.id, []]));
    let stop = false;
    let n = 0;
    const values = distinctPins(1000);
    const writers = casts.map(async (c) => {
      while (!stop) {
        const alias = `PIN ${n++}`;
        const r = await call(s.url, 'POST', `/api/v37/my/lock/${c.lock.id}/pin`, c.owner.key, {
          alias,
          pin: values[n % values.length],
        });
        if (r.status === 0) return; // the server is gone
        expect(r.status, JSON.stringify(r.json)).toBe(201);
        acked.get(c.lock.id)!.push(alias);
      }
    });
    // three seconds of writes, and more until some were acknowledged (on the CI's busy machine
    // none was in the first three seconds once)
    const acknowledged = () => [...acked.values()].reduce((x, l) => x + l.length, 0);
    await sleep(3000);
    for (let waited = 0; acknowledged() <= 8 && waited < 30_000; waited += 250) await sleep(250);
    s.proc.kill('SIGKILL');
    await s.exited;
    stop = true;
    await Promise.all(writers);
    expect(acknowledged(), 'writes acknowledged before the kill').toBeGreaterThan(8);

    s = await startServer(portAt(32), store, env);
    run.servers = [s];
    for (const c of casts) {
      const r = await call(s.url, 'GET', `/api/v37/my/lock/${c.lock.id}/pin`, c.owner.key);
      expect(r.status).toBe(200);
      const stored = new Set((r.json.result.pins as Array<{ alias: string }>).map((p) => p.alias));
      // every acknowledged PIN is there (one more may be, written but not acknowledged)
      const mine = acked.get(c.lock.id)!;
      expect(mine.filter((alias) => !stored.has(alias))).toEqual([]);
      stored.delete('Warm');
      expect(stored.size - mine.length).toBeLessThanOrEqual(1);
    }
    // and it takes writes again, on every lock. A PIN write in flight at the kill may still hold its
    // lock for its command time (10 ms): the lock answers 409 until then, never longer
    const freeBy = Date.now() + 3000;
    for (const c of casts) {
      for (;;) {
        const r = await call(s.url, 'POST', `/api/v37/my/lock/${c.lock.id}/pin`, c.owner.key, {
          alias: 'After',
          pin: '572914',
        });
        if (r.status === 201) break;
        expect(r.status, JSON.stringify(r.json)).toBe(409);
        expect(Date.now(), `lock ${c.lock.id} still busy`).toBeLessThan(freeBy);
        await sleep(100);
      }
    }
  });
});
