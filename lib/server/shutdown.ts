import { closeDb } from '@/db/client';
import { finishDueWork } from '@/lib/devices/simulator/timers';
import { logError } from '@/lib/log';
import { stopWorkers } from '@/lib/workers';

/**
 * A graceful stop on SIGTERM or SIGINT (a deploy, `docker stop`, Ctrl-C), bounded by
 * SHUTDOWN_TIMEOUT_MS (default 10 s), docs/deployment.md "Graceful shutdown":
 *  1. Next's own handler closes the listening socket (no new connections) and waits for the
 *     requests under way to be answered;
 *  2. meanwhile the background workers stop after their current pass, and the device commands
 *     accepted before the signal settle (their timers, lib/devices/simulator/timers.ts);
 *  3. then the database pool is closed, and the process exits 0 (1 when the bound was hit).
 * Next's handler ends with `process.exit(143)` as soon as its part is done, which would cut off
 * steps 2 and 3: while stopping, that call only tells us Next is done.
 */
export function installShutdown(): void {
  const g = globalThis as unknown as { __shutdownInstalled?: boolean };
  if (g.__shutdownInstalled) return;
  g.__shutdownInstalled = true;
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // Next's handler (registered before ours, when the server started listening) runs first
    const nextDrains = process.listeners(signal).length > 1;
    void shutdown(signal, nextDrains);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

async function shutdown(signal: NodeJS.Signals, nextDrains: boolean): Promise<void> {
  const boundMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000);
  const started = Date.now();
  const deadline = started + boundMs;
  const exit = process.exit.bind(process);
  let serverClosed: Promise<void> = Promise.resolve();
  if (nextDrains) {
    serverClosed = new Promise<void>((resolve) => {
      process.exit = (() => resolve()) as typeof process.exit;
    });
  }
  console.log(`${signal}: stopping (new connections refused, requests under way answered, at most ${boundMs} ms)`);
  const bound = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), Math.max(0, deadline - Date.now())).unref());
  const drained = Promise.all([
    serverClosed,
    stopWorkers().catch((e) => logError('stopping the workers', e)),
    finishDueWork(deadline),
  ]).then(() => 'drained' as const);
  const how = await Promise.race([drained, bound]);
  if (how === 'timeout') console.error(`shutdown: still busy after ${boundMs} ms; stopping anyway`);
  try {
    await closeDb();
  } catch (e) {
    logError('closing the database', e);
  }
  console.log(`shutdown: ${how === 'drained' ? 'done' : 'forced'} in ${Date.now() - started} ms, database closed`);
  exit(how === 'drained' ? 0 : 1);
}
