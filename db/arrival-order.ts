import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as turn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import { Mutex } from 'async-mutex';

/**
 * PGlite is one connection inside this process: its statements run on the thread that also reads
 * the sockets, and every statement and transaction waits for its one lock. That lock passed itself
 * from one waiter to the next within the same turn of the event loop, so while statements were
 * queued the process read no socket: a request that had arrived waited unread behind every statement
 * of the requests already in, and a statement's own request could queue more of them. Under load the
 * requests themselves took 1 to 30 ms, yet a client waited up to 8 s and some timed out (issue 34,
 * measured in docs/performance.md). Two rules here:
 * - each holder of the lock first lets the event loop turn (`setImmediate`), so the sockets are read
 *   between statements and a waiting request gets in;
 * - the lock serves the oldest request first: each waiter carries the time its request arrived
 *   (`inArrivalOrder`), so a request already under way is not sent to the back of the line before
 *   each of its statements. Work outside a request (a worker's pass, a migration) counts from the
 *   moment it asks: it waits only for requests older than itself and is never starved.
 * - time a request spends waiting on its own client (its body, sent slowly) moves its place back by
 *   as much (`awaitingClient`): a body trickled in for seconds would otherwise hold a place from the
 *   start and put its statements before those of every request that came in meanwhile.
 * Postgres has a pool of connections in other processes and needs neither.
 */
// One per process, not per copy of this module (Next's bundles may hold two: the routes' and the
// one that opened the database), as db/client.ts keeps its database. `ordered`: this process has a
// database served in arrival order (PGlite); on Postgres no arrival is carried.
interface Place {
  at: number;
}
const g = globalThis as unknown as { __arrivals?: { store: AsyncLocalStorage<Place>; ordered: boolean } };
const arrivals = (g.__arrivals ??= { store: new AsyncLocalStorage<Place>(), ordered: false });

/** Runs a request's work with the time it arrived (`performance.now()`), for the database's lock. */
export function inArrivalOrder<T>(arrived: number, fn: () => T): T {
  return arrivals.ordered ? arrivals.store.run({ at: arrived }, fn) : fn();
}

/** When the work asking now arrived: its request's arrival, else now. */
export function arrivedAt(): number {
  return arrivals.store.getStore()?.at ?? performance.now();
}

/**
 * Waits for the request's own client (reading its body): the time it takes is added to the
 * request's arrival, so a client that sends slowly is served as if it had arrived when it was done.
 */
export async function awaitingClient<T>(wait: () => Promise<T>): Promise<T> {
  const place = arrivals.store.getStore();
  if (!place) return wait();
  const from = performance.now();
  try {
    return await wait();
  } finally {
    place.at += performance.now() - from;
  }
}

/**
 * Makes PGlite's transaction lock (taken by every query, exec and transaction, PGlite's own included)
 * serve the oldest arrival first, each holder after a turn of the event loop; waiters that arrived
 * at the same time keep their order.
 */
export function serveOldestFirst(pg: PGlite): void {
  arrivals.ordered = true;
  const lock = new Mutex();
  // async-mutex runs the highest priority first, and equal priorities in the order they asked
  pg._runExclusiveTransaction = <T>(fn: () => Promise<T>) =>
    lock.runExclusive(async () => {
      await turn();
      return fn();
    }, -arrivedAt());
}
