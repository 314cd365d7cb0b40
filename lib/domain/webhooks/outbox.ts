import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { TRANSIENT_LOCK_STATES, type WebhookEvent } from '@/lib/shared/webhooks/events';

/**
 * Queues a webhook event. Call it with the same transaction as the state change that caused it
 * (transactional outbox); the delivery worker fans it out to subscriptions.
 * Payload: { event, timestamp, data: { deviceId, deviceType, ...changed fields, eventTime } } (docs/webhooks.md).
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
  const insert = webhookEventInsert(event, device, changed, at);
  if (insert) await db.execute(insert);
}

/**
 * The statement of `enqueueWebhookEvent` (null for an event that is dropped), to write with other
 * changes at once; `when` (a condition) queues it only if the change happened.
 */
export function webhookEventInsert(
  event: WebhookEvent,
  device: { id: number; type: number },
  changed: Record<string, unknown>,
  at: Date,
  when?: SQL,
): SQL | null {
  if (
    event === 'lock-status-changed' &&
    typeof changed.state === 'number' &&
    TRANSIENT_LOCK_STATES.includes(changed.state)
  )
    return null;
  // a field that is named but unknown (undefined) is sent as null: receivers see the same keys every time
  const fields = Object.fromEntries(Object.entries(changed).map(([k, v]) => [k, v === undefined ? null : v]));
  // timestamp here is when it happened; at sending it becomes the send time and this moves to data.eventTime (deliver.ts messageBody)
  const payload = {
    event,
    timestamp: at.toISOString(),
    data: { deviceId: device.id, deviceType: device.type, ...fields, eventTime: at.toISOString() },
  };
  return sql`insert into webhook_outbox (event, device_id, payload, created)
    select ${event}, ${device.id}::int, ${JSON.stringify(payload)}::jsonb, ${at.toISOString()}::timestamptz
    ${when ? sql`where ${when}` : sql``}`;
}
