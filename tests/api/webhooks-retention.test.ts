import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { webhookAttempts, webhookDeliveries, webhookOutbox } from '@/db/schema';
import { newMessageId } from '@/lib/domain/webhooks/dispatch';
import { pruneWebhookLog } from '@/lib/domain/webhooks/retention';
import { db } from '../support/factories/core';
import { createSubscription } from '../support/factories/webhooks';

/** The delivery log is kept 30 days; pending work is never pruned. */
describe('webhook log retention', () => {
  it('deletes finished deliveries older than 30 days with their attempts and events, keeps pending and recent ones', async () => {
    const d = await db();
    const sub = await createSubscription({ url: 'http://127.0.0.1:9/retention' });
    const now = new Date();
    const old = new Date(now.getTime() - 40 * 86_400_000);
    const recent = new Date(now.getTime() - 2 * 86_400_000);
    const make = async (created: Date, status: string) => {
      const [ev] = await d
        .insert(webhookOutbox)
        .values({ event: 'bell-button-pressed', payload: {}, created, dispatchedAt: created })
        .returning();
      const [del] = await d
        .insert(webhookDeliveries)
        .values({ messageId: newMessageId(), outboxId: ev.id, subscriptionId: sub.id, status, created })
        .returning();
      await d.insert(webhookAttempts).values({ deliveryId: del.id, at: created, statusCode: 200, durationMs: 3 });
      return { ev: ev.id, del: del.id };
    };
    const oldDone = await make(old, 'delivered');
    const oldFailed = await make(old, 'failed');
    const oldPending = await make(old, 'pending');
    const recentDone = await make(recent, 'delivered');
    await pruneWebhookLog(d, now);
    const left = await d
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, sub.id));
    expect(left.map((x) => x.id).sort()).toEqual([oldPending.del, recentDone.del].sort());
    const attempts = await d
      .select()
      .from(webhookAttempts)
      .where(inArray(webhookAttempts.deliveryId, [oldDone.del, oldFailed.del]));
    expect(attempts).toHaveLength(0);
    const events = await d
      .select({ id: webhookOutbox.id })
      .from(webhookOutbox)
      .where(inArray(webhookOutbox.id, [oldDone.ev, oldFailed.ev, oldPending.ev, recentDone.ev]));
    expect(events.map((x) => x.id).sort()).toEqual([oldPending.ev, recentDone.ev].sort());
  });
});
