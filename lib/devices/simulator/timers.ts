import { openedDb, type Db } from '@/db/client';
import { logError } from '@/lib/log';

/**
 * Timers not yet fired (when each is due) and the work of those that fired, still running. On
 * globalThis: Next bundles the route handlers and instrumentation (the shutdown) apart, each with
 * its own copy of this module.
 */
const g = globalThis as unknown as { __simTimers?: { pending: Map<ReturnType<typeof setTimeout>, number>; running: Set<Promise<unknown>>; fired: number } };
const timers = (g.__simTimers ??= { pending: new Map(), running: new Set(), fired: 0 });
const { pending, running } = timers;

/**
 * How many timers have fired in this process so far, and how many of their works still run. A test
 * that attributes database writes to requests (tests/fuzz) tells the device's own later doings
 * (a latch let go seconds after a pull) from what a request wrote.
 */
export const simTimerActivity = () => ({ fired: timers.fired, running: running.size });

/**
 * Something the simulated hardware does by itself after `ms` (settle a command, let the latch go,
 * auto lock, raise the door alert), in the process that started it. It uses the open database and
 * never reopens one closed at shutdown: then the sweep of a running process does it instead.
 */
export function later(ms: number, what: string, run: (db: Db) => Promise<unknown>): void {
  const t = setTimeout(() => {
    pending.delete(t);
    timers.fired++;
    const db = openedDb();
    if (!db) return;
    const p: Promise<unknown> = run(db)
      .catch((e) => logError(`${what} failed`, e))
      .finally(() => running.delete(p));
    running.add(p);
  }, ms + 5);
  pending.set(t, Date.now() + ms + 5);
  t.unref?.();
}

/**
 * At shutdown (lib/server/shutdown.ts): resolves once every timer due by `deadline` has fired and
 * its work has finished, so a command accepted just before the signal ends with the device's
 * answer instead of a timeout. What is due later (an auto lock in a minute) is left to the sweep
 * of a running process, or of the next start; so is what is still unfinished at the deadline.
 */
export async function finishDueWork(deadline: number): Promise<void> {
  while (Date.now() < deadline && (running.size || [...pending.values()].some((at) => at <= deadline))) {
    await new Promise((r) => setTimeout(r, 25));
  }
}
