import { ALL_WEBHOOK_EVENTS, WEBHOOK_DATA, webhookPayload } from '@/lib/domain/webhooks/payloads';

type Json = Record<string, unknown>;

const SIGNATURE_HEADERS: Json[] = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    schema: { type: 'string', pattern: '^msg_' },
    description: 'Unique per message; the same on every retry and redelivery: drop duplicates by it',
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    schema: { type: 'string', pattern: '^[0-9]+$' },
    description: 'Seconds since the epoch when this attempt was signed',
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    schema: { type: 'string', pattern: '^v1,' },
    description:
      'Standard Webhooks: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>"> keyed with the webhook secret (whsec_...)',
  },
];

/** OpenAPI's `webhooks`: one POST per event, its body and the signature headers (docs/webhooks.md). */
export function webhooksSection(c: { convert: (s: never, io: 'input' | 'output') => Json }): Json {
  const out: Json = {};
  for (const event of ALL_WEBHOOK_EVENTS) {
    out[event] = {
      post: {
        summary: `The ${event} event`,
        parameters: SIGNATURE_HEADERS,
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: c.convert(webhookPayload(event, WEBHOOK_DATA[event]) as never, 'output') },
          },
        },
        responses: {
          '200': {
            description:
              'Any 2xx within 5 s is success; 410 disables the webhook; anything else is retried (about 24 h)',
          },
        },
      },
    };
  }
  return out;
}
