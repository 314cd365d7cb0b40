import { logError } from '@/lib/log';
import { getDb } from '@/db/client';
import type { BackgroundWorker } from '@/lib/workers';
import { BATCH, runNotificationPass } from './pass';

const POLL_MS = Number(process.env.NOTIFY_POLL_MS ?? 5000);

/**
 * The notification worker of one server process. Several processes may run it: each pass locks
 * the cursor row in the database and records every entry it handles, so each mail is queued once.
 */
export function startNotificationWorker(pollMs = POLL_MS): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    let again = false;
    try {
      const r = await runNotificationPass(await getDb(), new Date());
      again = r.handled >= BATCH;
    } catch (e) {
      logError('notification worker pass failed', e);
    }
    if (!stopped) timer = setTimeout(tick, again ? 0 : pollMs);
  };
  timer = setTimeout(tick, pollMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

export const worker: BackgroundWorker = { name: 'notifications', start: () => startNotificationWorker() };
