/**
 * The webhook event names, importing only the pure device codes, so the portal can list them too.
 * outbox.ts re-exports them for the writers of events.
 */
export const WEBHOOK_EVENTS = [
  'device-battery-level-changed',
  'device-connection-changed',
  'device-settings-changed',
  'lock-status-changed',
  'bell-button-pressed',
  'device-access-changed',
  'device-lockdown-changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Sent only by "send a test event"; never fanned out from device changes. */
export const TEST_EVENT = 'webhook-test';

export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'device-battery-level-changed': 'Battery level changed',
  'device-connection-changed': 'Connection changed',
  'device-settings-changed': 'Settings changed',
  'lock-status-changed': 'Lock status changed',
  'bell-button-pressed': 'Bell button pressed',
  'device-access-changed': 'Access ended (person left the organization)',
  'device-lockdown-changed': 'Lockdown started or lifted',
};

/** Lock states that pass on their way to a final one (unlocking, locking, pulling): no event. */
export { TRANSIENT_STATES as TRANSIENT_LOCK_STATES } from '@/lib/shared/devices/codes';
