import { webhookAttempts, webhookDeliveries, webhookSubscriptions } from '@/db/schema';
import { fmtZ } from '../format';

type Sub = typeof webhookSubscriptions.$inferSelect;

/** A subscription as the API shows it (never the secret, except once at creation). */
export function webhookView(s: Sub) {
  return {
    id: s.id,
    url: s.url,
    events: s.events,
    enabled: s.enabled,
    failing: s.failing,
    consecutiveFailures: s.consecutiveFailures,
    disabledReason: s.disabledReason,
    organizationId: s.organizationId,
    lastSuccessAt: fmtZ(s.lastSuccessAt),
    lastFailureAt: fmtZ(s.lastFailureAt),
    created: fmtZ(s.created),
  };
}

type Delivery = typeof webhookDeliveries.$inferSelect;
type Attempt = typeof webhookAttempts.$inferSelect;

export function deliveryView(d: Delivery, event: string, payload: unknown, attempts: Attempt[]) {
  return {
    id: d.id,
    // the webhook-id header of every attempt
    messageId: d.messageId,
    event,
    status: d.status,
    attemptCount: d.attempts,
    lastStatusCode: d.lastStatusCode,
    nextAttemptAt: d.status === 'pending' ? fmtZ(d.nextAttemptAt) : null,
    deliveredAt: fmtZ(d.deliveredAt),
    created: fmtZ(d.created),
    payload,
    attempts: attempts.map((a) => ({
      at: fmtZ(a.at),
      statusCode: a.statusCode,
      durationMs: a.durationMs,
      responseExcerpt: a.responseExcerpt,
      error: a.error,
    })),
  };
}
export type DeliveryView = ReturnType<typeof deliveryView>;
