import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { claimLeased } from '@/db/lease';
import { webhookAttempts, webhookDeliveries, webhookOutbox, webhookSubscriptions } from '@/db/schema';
import { decryptSecret } from '@/lib/crypto/secrets';
import { FAILING_AFTER, retryDelayMs } from './retry';
import { postSigned, type SendResult } from './send';

/** While one process sends a claimed delivery, others see it as not due for this long. */
const LEASE_MS = 60_000;
export const leaseUntil = (now: Date) => new Date(now.getTime() + LEASE_MS);

/** Restricts a pass to some subscriptions (tests sharing one database use it to stay apart). */
export interface ClaimFilter {
  subscriptionIds?: string[];
}

export interface Claimed {
  id: number;
  messageId: string;
  attempts: number;
  subscriptionId: string;
  url: string;
  secretCiphertext: string;
  payload: Record<string, unknown>;
  /** whose subscription it is: a user's, or an organization's */
  userId: string | null;
  organizationId: number | null;
}

/**
 * The body as sent, in Tedee's shape: the event, `timestamp` = when this attempt is sent,
 * `userIdentity` = the receiver (the subscribing user's id, or `organization:<id>`), and `data`
 * with `eventTime` = when the change happened (kept in the outbox as the event's own timestamp).
 */
export function messageBody(c: Pick<Claimed, 'payload' | 'userId' | 'organizationId'>, sentAt: Date): string {
  const { event, timestamp, data } = c.payload as { event: string; timestamp: string; data: Record<string, unknown> };
  const userIdentity = c.userId ?? `organization:${c.organizationId}`;
  return JSON.stringify({
    event,
    timestamp: sentAt.toISOString(),
    userIdentity,
    data: { ...data, eventTime: data.eventTime ?? timestamp },
  });
}

/**
 * Claims due deliveries of enabled subscriptions for this pass (db/lease.ts): other processes skip
 * them until the lease runs out.
 */
export function claimDue(db: Db, now: Date, limit: number, only: ClaimFilter = {}): Promise<Claimed[]> {
  return claimLeased(db, webhookDeliveries, leaseUntil(now), (tx) =>
    tx
      .select({
        id: webhookDeliveries.id,
        messageId: webhookDeliveries.messageId,
        attempts: webhookDeliveries.attempts,
        subscriptionId: webhookSubscriptions.id,
        url: webhookSubscriptions.url,
        secretCiphertext: webhookSubscriptions.secretCiphertext,
        payload: webhookOutbox.payload,
        userId: webhookSubscriptions.userId,
        organizationId: webhookSubscriptions.organizationId,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
      .innerJoin(webhookOutbox, eq(webhookOutbox.id, webhookDeliveries.outboxId))
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, now),
          eq(webhookSubscriptions.enabled, true),
          only.subscriptionIds ? inArray(webhookDeliveries.subscriptionId, only.subscriptionIds) : undefined,
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
      .limit(limit)
      .for('update', { of: webhookDeliveries, skipLocked: true }),
  );
}

const UNREADABLE_SECRET =
  "The signing secret cannot be read (the server's APP_SECRET changed since it was made). Delete this webhook and create it again.";

function readSecret(box: string, subscriptionId: string): string | null {
  try {
    return decryptSecret(box, 'webhook_subscriptions', subscriptionId);
  } catch {
    return null;
  }
}

/** Sends one claimed delivery and records the attempt, the delivery's fate and the endpoint's health. */
export async function attemptDelivery(db: Db, c: Claimed, now: Date): Promise<SendResult> {
  const secret = readSecret(c.secretCiphertext, c.subscriptionId);
  const result = secret
    ? await postSigned(c.url, secret, c.messageId, messageBody(c, new Date()))
    : // one unreadable secret must not stop the pass for everyone else: a failed attempt, shown in the portal
      { ok: false, gone: false, statusCode: null, durationMs: 0, responseExcerpt: null, error: UNREADABLE_SECRET };
  await recordAttempt(db, c, result, now);
  return result;
}

export async function recordAttempt(db: Db, c: Claimed, r: SendResult, now: Date): Promise<void> {
  const attempts = c.attempts + 1;
  const delay = r.ok || r.gone ? null : retryDelayMs(attempts);
  const status = r.ok ? 'delivered' : r.gone ? 'gone' : delay === null ? 'failed' : 'pending';
  await db.transaction(async (tx) => {
    const [still] = await tx
      .update(webhookDeliveries)
      .set({
        status,
        attempts,
        lastStatusCode: r.statusCode,
        deliveredAt: r.ok ? now : null,
        nextAttemptAt: delay === null ? now : new Date(now.getTime() + delay),
      })
      .where(eq(webhookDeliveries.id, c.id))
      .returning({ id: webhookDeliveries.id });
    if (!still) return; // the subscription was deleted while we were sending
    await tx.insert(webhookAttempts).values({
      deliveryId: c.id,
      at: now,
      statusCode: r.statusCode,
      durationMs: r.durationMs,
      responseExcerpt: r.responseExcerpt,
      error: r.error,
    });
    const s = webhookSubscriptions;
    if (r.ok) {
      await tx
        .update(s)
        .set({ consecutiveFailures: 0, failing: false, lastSuccessAt: now })
        .where(eq(s.id, c.subscriptionId));
      return;
    }
    await tx
      .update(s)
      .set({
        consecutiveFailures: sql`${s.consecutiveFailures} + 1`,
        failing: sql`${s.consecutiveFailures} + 1 >= ${FAILING_AFTER}`,
        lastFailureAt: now,
        ...(r.gone
          ? {
              enabled: false,
              disabledReason: `The endpoint answered 410 Gone on ${now.toISOString()}; sending stopped.`,
            }
          : {}),
      })
      .where(eq(s.id, c.subscriptionId));
  });
}
