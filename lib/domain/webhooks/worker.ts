import { config } from '@/lib/config';
import { pollingLoop, type BackgroundWorker, type StopWorker } from '@/lib/workers';
import type { ClaimFilter } from './deliver';
import { BATCH, runWebhookPass } from './pass';
import { pruneWebhookLog } from './retention';

/**
 * The delivery worker of one server process. Several processes may run it: all work is claimed
 * in the database (SKIP LOCKED), never in memory. A full batch loops again at once.
 */
export function startWebhookWorker(pollMs = config().WEBHOOK_POLL_MS, only: ClaimFilter = {}): StopWorker {
  let prunedAt = 0;
  return pollingLoop('webhook worker', pollMs, async (db) => {
    const r = await runWebhookPass(db, new Date(), only);
    // the delivery log is kept for KEEP_DAYS; pruning once an hour is plenty
    if (Date.now() - prunedAt > 3_600_000 && !only.subscriptionIds) {
      prunedAt = Date.now();
      await pruneWebhookLog(db, new Date());
    }
    return r.attempted >= BATCH || r.dispatched >= 100;
  });
}

export const worker: BackgroundWorker = { name: 'webhook delivery', start: () => startWebhookWorker() };
