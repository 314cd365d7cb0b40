import type { Db } from '@/db/client';
import { webhookOutbox } from '@/db/schema';
import { TRANSIENT_LOCK_STATES, type WebhookEvent } from './events';

export { WEBHOOK_EVENTS, type WebhookEvent } from './events';

/**
 * Queues a webhook event. Call it with the same transaction as the state change that caused it
 * (transactional outbox); the delivery worker fans it out to subscriptions.
 * Payload: { event, timestamp, data: { deviceId, deviceType, ...changed fields } } (docs/webhooks.md).
 * lock-status-changed is only for final states: a transient state (unlocking, locking, pulling)
 * is dropped here, so callers may report every state change.
 */
export async function enqueueWebhookEvent(
  db: Db,
  event: WebhookEvent,
  device: { id: number; type: number },
  changed: Record<string, unknown>,
  at: Date = new Date(),
): Promise<void> {
  if (event === 'lock-status-changed' && typeof changed.state === 'number' && TRANSIENT_LOCK_STATES.includes(changed.state)) return;
  // a field that is named but unknown (undefined) is sent as null: receivers see the same keys every time
  const fields = Object.fromEntries(Object.entries(changed).map(([k, v]) => [k, v === undefined ? null : v]));
  await db.insert(webhookOutbox).values({
    event,
    deviceId: device.id,
    payload: { event, timestamp: at.toISOString(), data: { deviceId: device.id, deviceType: device.type, ...fields } },
    created: at,
  });
}
