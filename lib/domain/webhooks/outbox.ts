import type { Db } from '@/db/client';
import { webhookOutbox } from '@/db/schema';

export const WEBHOOK_EVENTS = [
  'device-battery-level-changed',
  'device-connection-changed',
  'device-settings-changed',
  'lock-status-changed',
  'bell-button-pressed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * Queues a webhook event. Call it with the same transaction as the state change that caused it
 * (transactional outbox); the delivery worker fans it out to subscriptions.
 * Payload: { event, timestamp, data: { deviceId, deviceType, ...changed fields } }.
 */
export async function enqueueWebhookEvent(
  db: Db,
  event: WebhookEvent,
  device: { id: number; type: number },
  changed: Record<string, unknown>,
  at: Date = new Date(),
): Promise<void> {
  await db.insert(webhookOutbox).values({
    event,
    deviceId: device.id,
    payload: { event, timestamp: at.toISOString(), data: { deviceId: device.id, deviceType: device.type, ...changed } },
    created: at,
  });
}
