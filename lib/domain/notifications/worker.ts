import { config } from '@/lib/config';
import { pollingLoop, type BackgroundWorker, type StopWorker } from '@/lib/workers';
import { BATCH, runNotificationPass } from './pass';

/**
 * The notification worker of one server process. Several processes may run it: each pass locks
 * the cursor row in the database and records every entry it handles, so each mail is queued once.
 */
export function startNotificationWorker(pollMs = config().NOTIFY_POLL_MS): StopWorker {
  return pollingLoop(
    'notification worker',
    pollMs,
    async (db) => (await runNotificationPass(db, new Date())).handled >= BATCH,
    pollMs,
  );
}

export const worker: BackgroundWorker = { name: 'notifications', start: () => startNotificationWorker() };
