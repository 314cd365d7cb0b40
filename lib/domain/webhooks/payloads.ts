import { z } from 'zod';
import { instant } from '../schema-parts';
import { TEST_EVENT, WEBHOOK_EVENTS, type WebhookEvent } from '@/lib/shared/webhooks/events';

/**
 * The bodies webhook deliveries POST (docs/webhooks.md), as schemas: the OpenAPI document's
 * `webhooks` section is made from them. A field of an event that is unknown at the time is null,
 * never left out (a lock's lastStateChangedDate before its first report, for one).
 */
const base = { deviceId: z.number().int(), deviceType: z.number().int(), eventTime: instant };

export const WEBHOOK_DATA: Record<WebhookEvent | typeof TEST_EVENT, z.ZodObject> = {
  'device-battery-level-changed': z.object({
    ...base,
    batteryLevel: z.number().int().min(0).max(100).nullable(),
    isCharging: z.boolean().nullable(),
  }),
  'device-connection-changed': z.object({
    ...base,
    isConnected: z.boolean().nullable(),
    bridgeId: z.number().int().nullable().optional(),
    isPresentInExternal: z.boolean().optional(),
  }),
  'device-settings-changed': z.looseObject({
    ...base,
    name: z.string().optional(),
    revision: z.number().int().optional(),
  }),
  'lock-status-changed': z.object({
    ...base,
    state: z.number().int().nullable(),
    doorState: z.number().int().nullable(),
    stateChangeResult: z.number().int().nullable(),
    lastStateChangedDate: instant.nullable(),
  }),
  'bell-button-pressed': z.object({ ...base, pressedAt: instant.nullable() }),
  'device-access-changed': z.object({
    ...base,
    userId: z.string(),
    organizationUserId: z.number().int().nullable(),
    change: z.enum(['removed-from-organization', 'left-organization']),
    byUserId: z.string().nullable(),
  }),
  'device-lockdown-changed': z.object({
    ...base,
    lockdown: z.boolean().describe('true: a lockdown now holds over the device; false: it was lifted'),
    lockdownId: z.string(),
    siteId: z.number().int().nullable().describe('the site locked down; null: the whole organization'),
    reason: z.string(),
    byUserId: z.string().nullable(),
  }),
  [TEST_EVENT]: z.object({ webhookId: z.string(), message: z.string(), eventTime: instant }),
};

export const webhookPayload = (event: string, data: z.ZodType) =>
  z.object({
    event: z.literal(event),
    timestamp: instant.describe('when this message was sent'),
    userIdentity: z.string().describe("the receiver: the subscribing user's id, or organization:<id>"),
    data,
  });

export const ALL_WEBHOOK_EVENTS = [...WEBHOOK_EVENTS, TEST_EVENT] as const;
