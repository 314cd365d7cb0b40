import { config } from '@/lib/config';
import { closeDb } from '@/db/client';
import { logError } from '@/lib/log';
import { stopWorkers } from '@/lib/workers/registry';

/**
 * A graceful stop on SIGTERM or SIGINT (a deploy, `docker stop`, Ctrl-C), bounded by
 * SHUTDOWN_TIMEOUT_MS (default 10 s), docs/deployment.md "Graceful shutdown":
 *  1. the HTTP server closes the listening socket (no new connections) and waits for the
 *     requests under way to be answered: scripts/server.mjs (`npm start`), which owns the signal
 *     and calls the stop it finds registered here; or, under a bare `next start`, Next's own handler;
 *  2. meanwhile the background workers stop after their current pass (a command accepted before
 *     the signal needs nothing of this process: its lock's bridge sends the outcome to whichever
 *     process answers the callback, and the reconciler settles it if nobody did);
 *  3. then the database pool is closed, and the process exits 0 (1 when the bound was hit).
 * Next's handler ends with `process.exit(143)` as soon as its part is done, which would cut off
 * steps 2 and 3: while stopping, that call only tells us Next is done.
 */
export function installShutdown(): void {
  const g = globalThis as unknown as { __shutdownInstalled?: boolean; __smartlockServer?: ServerHook };
  if (g.__shutdownInstalled) return;
  g.__shutdownInstalled = true;
  if (g.__smartlockServer) {
    // scripts/server.mjs: it stops the HTTP side and asks for the rest, then exits with our code
    g.__smartlockServer.stop = ({ signal, boundMs, serverClosed }) => stopApp(signal, boundMs, serverClosed);
    return;
  }
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

/** What scripts/server.mjs offers: a place for the app's stop. */
interface ServerHook {
  stop?: (a: { signal: NodeJS.Signals; boundMs: number; serverClosed: Promise<void> }) => Promise<number>;
}

async function shutdown(signal: NodeJS.Signals, nextDrains: boolean): Promise<void> {
  const boundMs = config().SHUTDOWN_TIMEOUT_MS;
  const exit = process.exit.bind(process);
  let serverClosed: Promise<void> = Promise.resolve();
  if (nextDrains) {
    serverClosed = new Promise<void>((resolve) => {
      process.exit = (() => resolve()) as typeof process.exit;
    });
  }
  exit(await stopApp(signal, boundMs, serverClosed));
}

/** Steps 2 and 3, with step 1 under way as `serverClosed`; resolves to the exit code. */
async function stopApp(signal: NodeJS.Signals, boundMs: number, serverClosed: Promise<void>): Promise<number> {
  const started = Date.now();
  const deadline = started + boundMs;
  console.log(`${signal}: stopping (new connections refused, requests under way answered, at most ${boundMs} ms)`);
  const bound = new Promise<'timeout'>((r) =>
    setTimeout(() => r('timeout'), Math.max(0, deadline - Date.now())).unref(),
  );
  const drained = Promise.all([serverClosed, stopWorkers().catch((e) => logError('stopping the workers', e))]).then(
    () => 'drained' as const,
  );
  const how = await Promise.race([drained, bound]);
  if (how === 'timeout') console.error(`shutdown: still busy after ${boundMs} ms; stopping anyway`);
  try {
    await closeDb({ stopping: true });
  } catch (e) {
    logError('closing the database', e);
  }
  console.log(`shutdown: ${how === 'drained' ? 'done' : 'forced'} in ${Date.now() - started} ms, database closed`);
  return how === 'drained' ? 0 : 1;
}
