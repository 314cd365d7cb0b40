import type { Db } from '@/db/client';
import { attemptDelivery, claimDue, type ClaimFilter } from './deliver';
import { dispatchOutbox } from './dispatch';

/** deliveries sent at once by one pass */
export const BATCH = 20;

export interface PassResult {
  dispatched: number;
  attempted: number;
  delivered: number;
}

/**
 * One worker pass: fan out new outbox events, then send the deliveries that are due at `now`.
 * Tests call it directly (with a chosen `now` to skip retry delays); the worker calls it in a loop.
 */
export async function runWebhookPass(
  db: Db,
  now: Date = new Date(),
  opts: ClaimFilter & { batch?: number } = {},
): Promise<PassResult> {
  const dispatched = await dispatchOutbox(db, now);
  const claimed = await claimDue(db, now, opts.batch ?? BATCH, opts);
  const results = await Promise.all(claimed.map((c) => attemptDelivery(db, c, now)));
  return { dispatched, attempted: results.length, delivered: results.filter((r) => r.ok).length };
}
