import { getDb } from '@/db/client';
import type { BackgroundWorker } from '@/lib/workers';
import type { ClaimFilter } from './deliver';
import { BATCH, runWebhookPass } from './pass';

const POLL_MS = Number(process.env.WEBHOOK_POLL_MS ?? 1000);

/**
 * The delivery worker of one server process. Several processes may run it: all work is claimed
 * in the database (SKIP LOCKED), never in memory. A full batch loops again at once.
 */
export function startWebhookWorker(pollMs = POLL_MS, only: ClaimFilter = {}): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    let again = false;
    try {
      const r = await runWebhookPass(await getDb(), new Date(), only);
      again = r.attempted >= BATCH || r.dispatched >= 100;
    } catch (e) {
      console.error('webhook worker pass failed:', e);
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
