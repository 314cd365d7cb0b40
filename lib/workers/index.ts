import { logError } from '@/lib/log';
import { getDb, type Db } from '@/db/client';

/**
 * Stops a worker: no new pass starts; resolves once the pass under way (if any) has finished, so a
 * server shutting down lets the current item end instead of cutting it off (lib/server/shutdown.ts).
 */
export type StopWorker = () => Promise<void>;

/**
 * Background workers of one server process. Each area adds one entry; a worker's `start`
 * returns a stop function. Workers must be safe to run in several processes at once.
 */
export interface BackgroundWorker {
  name: string;
  start: () => StopWorker;
}

/**
 * A worker that runs `run` every `everyMs` in this process, never two runs at once (a slow run
 * skips the ticks it overlaps); a failed run is logged and the next tick tries again.
 */
export function periodicWorker(name: string, everyMs: () => number, run: (db: Db) => Promise<unknown>): BackgroundWorker {
  return {
    name,
    start: () => {
      let running: Promise<void> | undefined;
      const timer = setInterval(() => {
        if (running) return;
        running = getDb()
          .then(run)
          .then(
            () => undefined,
            (e) => logError(`${name} failed`, e),
          )
          .finally(() => (running = undefined));
      }, everyMs());
      timer.unref?.();
      return async () => {
        clearInterval(timer);
        await running;
      };
    },
  };
}

/**
 * A loop that runs `pass` now (or after `firstDelayMs`), then again at once while it reports a full
 * batch (true), else after `pollMs`; a failed pass is logged and the next one tries again.
 * Returns the way to stop it. The delivery workers (webhooks, mail, notifications) share it.
 */
export function pollingLoop(name: string, pollMs: number, pass: (db: Db) => Promise<boolean>, firstDelayMs = 0): StopWorker {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  const tick = async () => {
    let again = false;
    try {
      again = await pass(await getDb());
    } catch (e) {
      logError(`${name} pass failed`, e);
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), again ? 0 : pollMs);
  };
  timer = setTimeout(() => (running = tick()), firstDelayMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

const registry: Array<() => Promise<BackgroundWorker>> = [
  () => import('@/lib/domain/webhooks/worker').then((m) => m.worker),
  () => import('@/lib/devices/worker').then((m) => m.worker),
  () => import('@/lib/domain/pins/expiry').then((m) => m.worker),
  () => import('@/lib/domain/devices/gate-sync').then((m) => m.worker),
  () => import('@/lib/mail/worker').then((m) => m.worker),
  () => import('@/lib/domain/notifications/worker').then((m) => m.worker),
];

const g = globalThis as unknown as { __workersStop?: StopWorker[] };

export async function startWorkers(): Promise<void> {
  if (g.__workersStop) return;
  g.__workersStop = [];
  for (const load of registry) {
    const w = await load();
    g.__workersStop.push(w.start());
    console.log(`worker started: ${w.name}`);
  }
}

/** Stops every worker of this process; resolves when the passes under way have finished. */
export async function stopWorkers(): Promise<void> {
  const stops = g.__workersStop ?? [];
  g.__workersStop = undefined;
  await Promise.all(stops.map((stop) => stop()));
}
