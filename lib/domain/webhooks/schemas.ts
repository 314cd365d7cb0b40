import { z } from 'zod';
import { instant, int } from '../schema-parts';
import { ALL_WEBHOOK_EVENTS } from './payloads';

/** Webhooks and their deliveries as the API shows them (the OpenAPI document is made from these). */

export const Webhook = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    enabled: z.boolean(),
    failing: z.boolean(),
    consecutiveFailures: int(),
    disabledReason: z.string().nullable(),
    organizationId: int().nullable(),
    lastSuccessAt: instant.nullable(),
    lastFailureAt: instant.nullable(),
    created: instant,
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof Webhook>;

export const WebhookCreated = Webhook.extend({ secret: z.string().describe('whsec_...: shown in this answer only') });
export type WebhookCreated = z.infer<typeof WebhookCreated>;

export const DeliveryAttempt = z.object({
  at: instant,
  statusCode: int().nullable(),
  durationMs: int(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
});
export type DeliveryAttempt = z.infer<typeof DeliveryAttempt>;

export const WebhookDelivery = z
  .object({
    id: int(),
    messageId: z.string().describe('the webhook-id header of every attempt'),
    event: z.enum(ALL_WEBHOOK_EVENTS),
    status: z.enum(['pending', 'delivered', 'failed', 'gone']),
    attemptCount: int(),
    lastStatusCode: int().nullable(),
    nextAttemptAt: instant.nullable(),
    deliveredAt: instant.nullable(),
    created: instant,
    payload: z.record(z.string(), z.unknown()).describe('the body sent (see webhooks)'),
    attempts: z.array(DeliveryAttempt),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
