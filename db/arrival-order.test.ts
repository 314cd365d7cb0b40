import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { arrivedAt, inArrivalOrder, serveOldestFirst } from './arrival-order';
import { prepareRepeatedQueries } from './named-statements';

// PGlite's one lock (issue 34: under load its queued statements ran back to back in one turn of the
// event loop while arrived requests waited unread, seconds, some timing out): each holder after a
// turn of the loop, the oldest request first.

/** A PGlite as db/client.ts stacks it: named statements under, the order over every entry. */
async function stacked(): Promise<PGlite> {
  const pg = new PGlite('memory://');
  await pg.waitReady;
  prepareRepeatedQueries(pg);
  serveOldestFirst(pg);
  return pg;
}

describe('PGlite served oldest arrival first', () => {
  let pg: PGlite;

  beforeAll(async () => {
    pg = await stacked();
    await pg.exec('create table t (id int primary key, n int not null)');
  });
  afterAll(() => pg.close());

  /** Holds the lock with a transaction until `release` is called; resolves once it holds it. */
  const holdLock = async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let held!: () => void;
    const holding = new Promise<void>((r) => (held = r));
    const done = pg.transaction(async (tx) => {
      await tx.query('select 1');
      held();
      await released;
    });
    await holding;
    return async () => {
      release();
      await done;
    };
  };

  it('lets an older request past newer ones waiting, whatever the order they asked in', async () => {
    const release = await holdLock();
    const ran: string[] = [];
    const ask = (who: string, arrived: number, q: () => Promise<unknown>) =>
      inArrivalOrder(arrived, () => q().then(() => ran.push(who)));
    const waiting = [
      ask('newest', 300, () => pg.query('select $1::int as n', [1])),
      ask('middle', 200, () => pg.exec('select 2')),
      ask('oldest', 100, () => pg.transaction((tx) => tx.query('insert into t values ($1, $2)', [1, 1]))),
    ];
    await release();
    await Promise.all(waiting);
    expect(ran).toEqual(['oldest', 'middle', 'newest']);
  });

  it('keeps the order of asking among waiters that arrived at the same time', async () => {
    const release = await holdLock();
    const ran: number[] = [];
    const waiting = [1, 2, 3, 4].map((i) =>
      inArrivalOrder(500, () => pg.query('select $1::int as n', [i]).then(() => ran.push(i))),
    );
    await release();
    await Promise.all(waiting);
    expect(ran).toEqual([1, 2, 3, 4]);
  });

  it('counts work outside a request from when it asks: older requests first, newer ones after it', async () => {
    const release = await holdLock();
    const ran: string[] = [];
    const now = performance.now();
    const waiting = [
      inArrivalOrder(now + 60_000, () => pg.query('select 1').then(() => ran.push('newer request'))),
      pg.query('select 2').then(() => ran.push('worker')),
      inArrivalOrder(now - 60_000, () => pg.query('select 3').then(() => ran.push('older request'))),
    ];
    await release();
    await Promise.all(waiting);
    expect(ran).toEqual(['older request', 'worker', 'newer request']);
  });

  it('carries the arrival through awaits, and a failed statement leaves the lock free', async () => {
    await inArrivalOrder(42, async () => {
      await Promise.resolve();
      expect(arrivedAt()).toBe(42);
      await expect(pg.query('insert into t values ($1, $2)', [1, 2])).rejects.toThrow(/duplicate key/);
      await expect(pg.transaction(async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    });
    expect((await pg.query<{ n: number }>('select n from t where id = $1', [1])).rows).toEqual([{ n: 1 }]);
  });
});

describe('PGlite takes turns with the event loop', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await stacked();
  });
  afterAll(() => pg.close());

  it('reads what arrived (a timer, a socket) between queued statements, not after all of them', async () => {
    let done = 0;
    const queued = Array.from({ length: 60 }, (_, i) => pg.query('select $1::int as n', [i]).then(() => done++));
    // what the process would do for a socket that became readable meanwhile
    const seenAt = await new Promise<number>((resolve) => setTimeout(() => resolve(done), 0));
    await Promise.all(queued);
    expect(done).toBe(60);
    expect(seenAt).toBeLessThan(10);
  });

  it("still runs statements while a test fakes the timers (the turn is node:timers' own)", async () => {
    vi.useFakeTimers();
    try {
      expect((await pg.query('select $1::int as n', [7])).rows).toEqual([{ n: 7 }]);
    } finally {
      vi.useRealTimers();
    }
  });
});
