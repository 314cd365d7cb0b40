import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { buildOpenApi, openApiPath } from '@/lib/http/openapi/document';

/**
 * Holds every answer the API tests receive to the OpenAPI document (GET /api/v37/openapi.json):
 * the status must be one the operation lists, and a JSON body must match that status' schema.
 * tests/support/router.ts calls it after each request, so a mismatch fails the test that made it.
 *
 * The document's part for the route called is built by the same buildOpenApi from the module the
 * router already loaded: importing every route up front would evaluate modules before a test file
 * has set the environment they read (LIVE_RECHECK_MS in tests/api/live-events.test.ts).
 */
type Json = Record<string, any>;

let ajv: Ajv2020 | undefined;
const docs = new Map<string, Json>();
const compiled = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: Json, doc: Json): ValidateFunction {
  let v = compiled.get(key);
  if (!v) {
    ajv ??= (addFormats as unknown as (a: Ajv2020) => Ajv2020)(
      new Ajv2020({ strict: false, allErrors: true, validateSchema: false }),
    );
    // the components travel with the schema, so its #/components/... references resolve
    v = ajv.compile({ ...schema, components: { schemas: doc.components.schemas } });
    compiled.set(key, v);
  }
  return v;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** Throws when the answer is not what the document says; answers outside /api/v37 routes pass. */
export function checkAgainstOpenApi(method: string, pattern: string, mod: Record<string, unknown>, a: Answer): void {
  if (!pattern.startsWith('/api/v37/')) return;
  const m = { pattern };
  let doc = docs.get(pattern);
  if (!doc) docs.set(pattern, (doc = buildOpenApi([{ pattern, mod }])));
  const op = doc.paths[openApiPath(m.pattern)]?.[method.toLowerCase()] as Json | undefined;
  // HEAD, OPTIONS and 405 come from Next.js or the proxy, not from the route
  if (!op || a.status === 405 || a.status === 499) return;
  const where = `${method} ${m.pattern} -> ${a.status}`;
  let r = op.responses[String(a.status)] as Json | undefined;
  if (!r)
    throw new Error(
      `OpenAPI: ${where} is not a status the document lists (${Object.keys(op.responses).join(', ')}); body: ${a.text.slice(0, 300)}`,
    );
  if (r.$ref) r = doc.components.responses[String(r.$ref).split('/').pop()!] as Json;
  const content = r.content as Json | undefined;
  if (!content) {
    if (a.text !== '') throw new Error(`OpenAPI: ${where} should have no body, got ${a.text.slice(0, 300)}`);
    return;
  }
  const type = (a.headers.get('content-type') ?? '').split(';')[0].trim();
  const media = content[type] as Json | undefined;
  if (!media)
    throw new Error(
      `OpenAPI: ${where} answered ${type || 'no content type'}, the document says ${Object.keys(content).join(', ')}`,
    );
  if (type !== 'application/json') return;
  const v = validatorFor(`${method} ${m.pattern} ${a.status}`, media.schema as Json, doc);
  if (!v(a.json)) {
    const errs = (v.errors ?? [])
      .slice(0, 8)
      .map(
        (e) =>
          `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
      );
    throw new Error(
      `OpenAPI: ${where} does not match the document:\n  ${errs.join('\n  ')}\nbody: ${a.text.slice(0, 500)}`,
    );
  }
}

let webhookDoc: Json | undefined;

/**
 * Throws when a webhook message (body and signature headers) is not what the document's `webhooks`
 * section says for its event; the test receiver (tests/support/factories/webhooks.ts) calls it.
 */
export function checkWebhookAgainstOpenApi(headers: Record<string, string>, json: unknown): void {
  webhookDoc ??= buildOpenApi([]);
  const event = (json as { event?: unknown } | null)?.event;
  const post = (webhookDoc.webhooks as Json)[String(event)]?.post as Json | undefined;
  if (!post)
    throw new Error(
      `OpenAPI: a webhook message with event ${String(event)}, which the document's webhooks do not list`,
    );
  for (const h of post.parameters as Json[]) {
    if (!new RegExp(h.schema.pattern).test(headers[h.name] ?? ''))
      throw new Error(`OpenAPI: webhook ${String(event)}: header ${h.name} is ${headers[h.name]}`);
  }
  // tests enqueue events by hand with only the fields they look at: here the fields an event adds
  // must have their types when present; the envelope and deviceId, deviceType, eventTime must be there
  const schema = structuredClone(post.requestBody.content['application/json'].schema as Json);
  const data = schema.properties.data as Json;
  if (event !== 'webhook-test')
    data.required = (data.required as string[]).filter((k) => ['deviceId', 'deviceType', 'eventTime'].includes(k));
  const v = validatorFor(`webhook ${String(event)}`, schema, webhookDoc);
  if (!v(json))
    throw new Error(
      `OpenAPI: webhook ${String(event)} does not match the document: ${ajv!.errorsText(v.errors)}; body: ${JSON.stringify(json).slice(0, 400)}`,
    );
}
