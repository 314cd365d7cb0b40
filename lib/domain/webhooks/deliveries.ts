import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { webhookAttempts, webhookDeliveries, webhookOutbox, webhookSubscriptions } from '@/db/schema';
import type { Ctx } from '../context';
import { spend } from '../ratelimit';
import { Conflict, NotFound } from '../errors';
import { attemptDelivery, leaseUntil, type Claimed } from './deliver';
import { newMessageId } from './dispatch';
import { TEST_EVENT } from '@/lib/shared/webhooks/events';
import type { Owner } from './owner';
import { findWebhook } from './subscriptions';
import { deliveryView, type DeliveryView } from './view';

type Sub = typeof webhookSubscriptions.$inferSelect;

/** Deliveries with their event, payload and attempts (newest attempt last). */
async function views(db: Db, where: ReturnType<typeof and>, page = 1, itemsPerPage = 20): Promise<DeliveryView[]> {
  const rows = await db
    .select({ d: webhookDeliveries, event: webhookOutbox.event, payload: webhookOutbox.payload })
    .from(webhookDeliveries)
    .innerJoin(webhookOutbox, eq(webhookOutbox.id, webhookDeliveries.outboxId))
    .where(where)
    .orderBy(desc(webhookDeliveries.created), desc(webhookDeliveries.id))
    .limit(itemsPerPage)
    .offset((page - 1) * itemsPerPage);
  if (!rows.length) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        rows.map((r) => r.d.id),
      ),
    )
    .orderBy(webhookAttempts.id);
  return rows.map((r) =>
    deliveryView(
      r.d,
      r.event,
      r.payload,
      attempts.filter((a) => a.deliveryId === r.d.id),
    ),
  );
}

export interface DeliveryQuery {
  page?: number;
  itemsPerPage?: number;
  status?: string;
}

/** Recent deliveries of one subscription, newest first. */
export async function listDeliveries(ctx: Ctx, owner: Owner, id: string, q: DeliveryQuery = {}) {
  await findWebhook(ctx, owner, id);
  const where = and(
    eq(webhookDeliveries.subscriptionId, id),
    q.status ? eq(webhookDeliveries.status, q.status) : undefined,
  );
  return views(ctx.db, where, q.page ?? 1, q.itemsPerPage ?? 20);
}

async function one(db: Db, deliveryId: number): Promise<DeliveryView> {
  const [v] = await views(db, eq(webhookDeliveries.id, deliveryId), 1, 1);
  return v;
}

/**
 * Sends a delivery in this request. The caller leased it (next_attempt_at moved past the lease)
 * in its own write, so no worker pass picks it up meanwhile; if this process dies, the lease
 * runs out and the worker sends it.
 */
async function sendNow(ctx: Ctx, sub: Sub, deliveryId: number): Promise<DeliveryView> {
  const [row] = await ctx.db
    .select({ d: webhookDeliveries, payload: webhookOutbox.payload })
    .from(webhookDeliveries)
    .innerJoin(webhookOutbox, eq(webhookOutbox.id, webhookDeliveries.outboxId))
    .where(eq(webhookDeliveries.id, deliveryId));
  const c: Claimed = {
    id: row.d.id,
    messageId: row.d.messageId,
    attempts: row.d.attempts,
    subscriptionId: sub.id,
    url: sub.url,
    secretCiphertext: sub.secretCiphertext,
    payload: row.payload,
    userId: sub.userId,
    organizationId: sub.organizationId,
  };
  await attemptDelivery(ctx.db, c, ctx.now());
  return one(ctx.db, deliveryId);
}

/** Manual sends (test events, redeliveries) make us POST on demand: bounded per webhook. */
export const MANUAL_SENDS = { max: 10, windowSeconds: 60 };

async function manualSendAllowed(ctx: Ctx, sub: Sub): Promise<void> {
  if (!sub.enabled) throw Conflict('The webhook is disabled; enable it first.');
  await spend(
    ctx.db,
    `webhook-manual:${sub.id}`,
    MANUAL_SENDS,
    ctx.now(),
    `At most ${MANUAL_SENDS.max} test events and redeliveries per minute for one webhook. Try again in a minute.`,
  );
}

/** Queues a `webhook-test` message to this subscription only, and sends it at once. */
export async function sendTestEvent(ctx: Ctx, owner: Owner, id: string): Promise<DeliveryView> {
  const sub = await findWebhook(ctx, owner, id);
  await manualSendAllowed(ctx, sub);
  const now = ctx.now();
  const deliveryId = await ctx.db.transaction(async (tx) => {
    const payload = {
      event: TEST_EVENT,
      timestamp: now.toISOString(),
      data: {
        webhookId: sub.id,
        message: 'This is a test event. Device events look like this, with device fields in data.',
      },
    };
    // already dispatched: it goes to this subscription alone, never through fan-out
    const [ev] = await tx
      .insert(webhookOutbox)
      .values({ event: TEST_EVENT, payload, created: now, dispatchedAt: now })
      .returning();
    const [d] = await tx
      .insert(webhookDeliveries)
      .values({
        messageId: newMessageId(),
        outboxId: ev.id,
        subscriptionId: sub.id,
        nextAttemptAt: leaseUntil(now),
        created: now,
      })
      .returning();
    return d.id;
  });
  return sendNow(ctx, sub, deliveryId);
}

/** Sends a delivery again now, with the same webhook-id (receivers can tell it is the same message). */
export async function redeliver(ctx: Ctx, owner: Owner, id: string, deliveryId: number): Promise<DeliveryView> {
  const sub = await findWebhook(ctx, owner, id);
  await manualSendAllowed(ctx, sub);
  const [d] = await ctx.db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: leaseUntil(ctx.now()) })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.subscriptionId, id)))
    .returning({ id: webhookDeliveries.id });
  if (!d) throw NotFound('Delivery');
  return sendNow(ctx, sub, d.id);
}
