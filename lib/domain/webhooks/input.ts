import { z } from 'zod';
import { WEBHOOK_EVENTS } from '@/lib/shared/webhooks/events';
import { urlProblem } from './address';

/** Request bodies of the webhook endpoints (shared by /my and /organization/{id}). */
const url = z
  .string({ error: 'url: required, an absolute https:// or http:// URL' })
  .max(4096, 'at most 2048 characters')
  .superRefine((v, ctx) => {
    const p = urlProblem(v.trim());
    if (p) ctx.addIssue({ code: 'custom', message: p.replace(/^url: /, '') });
  });
const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `each event must be one of: ${WEBHOOK_EVENTS.join(', ')}` }), {
    error: 'must be a list of event names',
  })
  .min(1, 'choose at least one event')
  .transform((a) => [...new Set(a)]);

export const createBody = z.object({
  url,
  events,
  enabled: z.boolean({ error: 'must be true or false' }).optional(),
});

export const updateBody = z
  .object({
    url: url.optional(),
    events: events.optional(),
    enabled: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine(
    (b) => b.url !== undefined || b.events !== undefined || b.enabled !== undefined,
    'give at least one of url, events, enabled',
  );

export type CreateInput = z.output<typeof createBody>;
export type UpdateInput = z.output<typeof updateBody>;

export const webhookId = () => z.uuid({ error: 'must be a webhook id (UUID)' });

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'gone'] as const;
