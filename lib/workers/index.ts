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
 * The one loop of every background worker: runs `pass` now (or after `firstDelayMs`), then again at
 * once while it reports a full batch (true), else after `pollMs`; never two passes at once; a failed
 * pass is logged and the next one tries again. Returns the way to stop it, which waits for the pass
 * under way. The delivery workers (webhooks, mail, notifications) use it directly, the sweeps
 * through `periodicWorker`.
 */
export function pollingLoop(
  name: string,
  pollMs: number,
  pass: (db: Db) => Promise<boolean>,
  firstDelayMs = 0,
): StopWorker {
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

/**
 * A sweep every `everyMs` in this process (the time between the end of one run and the start of the
 * next), on the one loop; `atStart`: the first run right away instead of after one period.
 */
export function periodicWorker(
  name: string,
  everyMs: () => number,
  run: (db: Db) => Promise<unknown>,
  opts: { atStart?: boolean } = {},
): BackgroundWorker {
  return {
    name,
    start: () => {
      const ms = everyMs();
      return pollingLoop(
        name,
        ms,
        async (db) => {
          await run(db);
          return false;
        },
        opts.atStart ? 0 : ms,
      );
    },
  };
}
