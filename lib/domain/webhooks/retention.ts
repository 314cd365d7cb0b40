import { and, inArray, isNotNull, lt, ne, notExists, eq } from 'drizzle-orm';
import { config } from '@/lib/config';
import type { Db } from '@/db/client';
import { webhookAttempts, webhookDeliveries, webhookOutbox } from '@/db/schema';

/**
 * Deletes finished deliveries older than `keepDays` (WEBHOOK_KEEP_DAYS, default 30) with their attempts, then dispatched events
 * no delivery refers to any more. Pending deliveries are never touched. Safe in several processes.
 */
export async function pruneWebhookLog(db: Db, now: Date, keepDays = config().WEBHOOK_KEEP_DAYS): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * 86_400_000);
  return db.transaction(async (tx) => {
    const old = tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(ne(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.created, cutoff)));
    await tx.delete(webhookAttempts).where(inArray(webhookAttempts.deliveryId, old));
    const gone = await tx
      .delete(webhookDeliveries)
      .where(and(ne(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.created, cutoff)))
      .returning({ id: webhookDeliveries.id });
    await tx
      .delete(webhookOutbox)
      .where(
        and(
          isNotNull(webhookOutbox.dispatchedAt),
          lt(webhookOutbox.dispatchedAt, cutoff),
          notExists(
            tx
              .select({ one: webhookDeliveries.id })
              .from(webhookDeliveries)
              .where(eq(webhookDeliveries.outboxId, webhookOutbox.id)),
          ),
        ),
      );
    return gone.length;
  });
}
