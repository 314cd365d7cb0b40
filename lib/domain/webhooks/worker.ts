import { getDb } from '@/db/client';
import type { BackgroundWorker } from '@/lib/workers';
import type { ClaimFilter } from './deliver';
import { BATCH, runWebhookPass } from './pass';
import { pruneWebhookLog } from './retention';
import { logError } from '@/lib/log';

const POLL_MS = Number(process.env.WEBHOOK_POLL_MS ?? 1000);

/**
 * The delivery worker of one server process. Several processes may run it: all work is claimed
 * in the database (SKIP LOCKED), never in memory. A full batch loops again at once.
 */
export function startWebhookWorker(pollMs = POLL_MS, only: ClaimFilter = {}): () => void {
  let stopped = false;
  let prunedAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    let again = false;
    try {
      const db = await getDb();
      const r = await runWebhookPass(db, new Date(), only);
      // the delivery log is kept for KEEP_DAYS; pruning once an hour is plenty
      if (Date.now() - prunedAt > 3_600_000 && !only.subscriptionIds) {
        prunedAt = Date.now();
        await pruneWebhookLog(db, new Date());
      }
      again = r.attempted >= BATCH || r.dispatched >= 100;
    } catch (e) {
      logError('webhook worker pass failed', e);
    }
    if (!stopped) timer = setTimeout(tick, again ? 0 : pollMs);
  };
  timer = setTimeout(tick, 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

export const worker: BackgroundWorker = { name: 'webhook delivery', start: () => startWebhookWorker() };
