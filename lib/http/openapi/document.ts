import { z } from 'zod';
import { SCOPES, SCOPE_DESCRIPTIONS } from '@/lib/auth/scopes';
import { routeSpecOf, type DeclaredSpec } from '../route';
import { isSchema, type ResponseDoc } from '../responses';
import { ERROR_TEXT, errorStatusesOf } from './errors';
import { webhooksSection } from './webhooks';

/**
 * The OpenAPI 3.1 document of /api/v37, built from what each route declares to route() (scopes,
 * params, query, body, summary, responses): the same schemas that parse requests describe them, so
 * the document cannot drift from the code. The route modules come from a generated list
 * (app/api/v37/openapi.json/routes.ts); tests/api/openapi.test.ts fails when it misses a route file.
 */
export interface RouteModule {
  /** folder pattern, e.g. /api/v37/my/lock/[id] */
  pattern: string;
  mod: Record<string, unknown>;
}

type Json = Record<string, unknown>;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** zod -> JSON Schema 2020-12 (OpenAPI 3.1's dialect); named schemas (meta id) go to components. */
class Converter {
  components: Record<string, Json> = {};
  convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    const raw = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
    const out = JSON.parse(JSON.stringify(raw).replaceAll('"#/$defs/', '"#/components/schemas/')) as Json;
    delete out.$schema;
    const defs = (out.$defs ?? {}) as Record<string, Json>;
    delete out.$defs;
    for (const [k, v] of Object.entries(defs)) this.components[k] ??= v;
    return out;
  }
  /** A query or path value: its parsed type when zod can say it, else what the URL carries. */
  param(schema: z.ZodType): Json {
    const out = this.convert(schema, 'output');
    return Object.keys(out).length ? out : this.convert(schema, 'input');
  }
}

const envelopeOk = (status: number, result?: Json): Json => ({
  type: 'object',
  properties: {
    ...(result ? { result } : {}),
    success: { const: true },
    errorMessages: { type: 'array', items: { type: 'string' }, maxItems: 0 },
    statusCode: { const: status },
  },
  required: [...(result ? ['result'] : []), 'success', 'errorMessages', 'statusCode'],
  additionalProperties: false,
});

const JSON_CT = 'application/json';

/** Headers some answers carry (the rate limit's, RFC 9331 draft names; the challenge of a 401). */
const RATE_HEADERS: Json = {
  RateLimit: {
    description: 'What is left of the budget this request spent: "<policy>";r=<remaining>;t=<seconds to reset>',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: 'The budgets of the caller\'s account: "<name>";q=<requests>;w=<window seconds>, ...',
    schema: { type: 'string' },
  },
};
const ERROR_HEADERS: Record<number, Json | undefined> = {
  401: {
    'WWW-Authenticate': { description: 'Bearer, with error="invalid_token" for a bad key', schema: { type: 'string' } },
  },
  429: {
    'Retry-After': { description: 'Seconds until the budget allows the request again', schema: { type: 'integer' } },
    ...RATE_HEADERS,
  },
  503: {
    'Retry-After': {
      description: 'Seconds to wait before trying again (the database is coming back)',
      schema: { type: 'integer' },
    },
  },
};

function responseOf(status: number, doc: ResponseDoc, c: Converter): Json {
  const description = `${status}`;
  if (isSchema(doc))
    return {
      description,
      headers: RATE_HEADERS,
      content: { [JSON_CT]: { schema: envelopeOk(status, c.convert(doc, 'output')) } },
    };
  switch (doc.kind) {
    case 'empty':
      return { description: status === 304 ? 'Not modified: no body' : 'No content' };
    case 'noResult':
      return { description, content: { [JSON_CT]: { schema: envelopeOk(status) } } };
    case 'flat':
      return {
        description: `${status} (no envelope)`,
        content: { [JSON_CT]: { schema: c.convert(doc.schema, 'output') } },
      };
    case 'raw':
      return { description: doc.description, content: { [doc.contentType]: { schema: { type: 'string' } } } };
  }
}

function shapeOf(s: z.ZodType | undefined): Record<string, z.ZodType> {
  return s && s instanceof z.ZodObject ? (s.shape as Record<string, z.ZodType>) : {};
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function operation(pattern: string, method: string, spec: DeclaredSpec, c: Converter): Json {
  const parameters: Json[] = [];
  for (const [name, s] of Object.entries(shapeOf(spec.params)))
    parameters.push({ name, in: 'path', required: true, schema: c.param(s) });
  for (const [name, s] of Object.entries(shapeOf(spec.query))) {
    const desc = s.description;
    parameters.push({
      name,
      in: 'query',
      required: !s.safeParse(undefined).success,
      schema: c.param(s),
      ...(desc ? { description: desc } : {}),
    });
  }
  // every write takes an Idempotency-Key (lib/http/idempotency.ts)
  if (WRITES.has(method)) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  const responses: Json = {};
  for (const [status, doc] of Object.entries(spec.responses ?? {}))
    if (doc) responses[status] = responseOf(Number(status), doc, c);
  for (const status of errorStatusesOf(spec, method))
    responses[String(status)] ??= { $ref: `#/components/responses/E${status}` };
  const op: Json = {
    operationId: `${method.toLowerCase()}${pattern
      .replace(/^\/api\/v37/, '')
      .replace(/\[(\w+)\]/g, (_, n: string) => `By${n[0].toUpperCase()}${n.slice(1)}`)
      .replace(/[^A-Za-z0-9]+(\w)?/g, (_, ch?: string) => (ch ?? '').toUpperCase())}`,
    summary: spec.summary,
    tags: [tagOf(pattern)],
    parameters,
    responses,
    security: spec.scopes === 'public' ? [] : [{ Bearer: spec.scopes }, { PersonalKey: spec.scopes }],
  };
  if (spec.scopes !== 'public') op['x-scopes'] = spec.scopes;
  if (spec.deprecated) op.deprecated = true;
  if (spec.body) op.requestBody = { required: true, content: { [JSON_CT]: { schema: c.convert(spec.body, 'input') } } };
  return op;
}

function tagOf(pattern: string): string {
  const segs = pattern.split('/').slice(3);
  if (segs[0] === 'organization' && segs.length > 2) return `organization/${segs[2]}`;
  return segs[0] === 'my' || segs[0] === 'account' ? `${segs[0]}/${segs[1] ?? ''}`.replace(/\/$/, '') : segs[0];
}

/** OpenAPI's `{name}` for the folder's `[name]`. */
export const openApiPath = (pattern: string) => pattern.replace(/\[(\w+)\]/g, '{$1}');

export function buildOpenApi(routes: RouteModule[], serverUrl = '/'): Json {
  const c = new Converter();
  const paths: Record<string, Json> = {};
  for (const { pattern, mod } of [...routes].sort((a, b) => a.pattern.localeCompare(b.pattern))) {
    const item: Json = {};
    for (const m of METHODS) {
      const spec = routeSpecOf(mod[m]);
      if (spec) item[m.toLowerCase()] = operation(pattern, m, spec, c);
    }
    paths[openApiPath(pattern)] = item;
  }
  const errorResponses: Json = {};
  for (const [status, text] of Object.entries(ERROR_TEXT)) {
    errorResponses[`E${status}`] = {
      description: text,
      headers: ERROR_HEADERS[Number(status)],
      content: { [JSON_CT]: { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    };
  }
  const webhooks = webhooksSection(c);
  return {
    openapi: '3.1.1',
    info: {
      title: 'Smart-lock cloud API v37',
      version: '37',
      description:
        'Locks, bridges, gates and door sensors, their access, PINs, activity, organizations, access links and webhooks. ' +
        'Every answer is the envelope `{result?, success, errorMessages, statusCode}` unless an operation says otherwise. ' +
        'Resource names in paths match in any case (`/My/Lock/5` is `/my/lock/5`); a method a path does not serve answers 405.',
    },
    servers: [{ url: serverUrl }],
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    tags: [...new Set(Object.keys(paths).map((p) => tagOf(p)))].sort().map((name) => ({ name })),
    paths,
    webhooks,
    components: {
      schemas: {
        ...c.components,
        ErrorEnvelope: {
          type: 'object',
          description: 'A failed answer: the messages say what went wrong, in words for a developer.',
          properties: {
            success: { const: false },
            errorMessages: { type: 'array', items: { type: 'string' } },
            statusCode: { type: 'integer' },
          },
          required: ['success', 'errorMessages', 'statusCode'],
          additionalProperties: false,
        },
      },
      responses: errorResponses,
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[!-~]+$' },
          description:
            'Makes the write safe to repeat (after a timeout, a dropped connection, a 502 or 504): a new unique value ' +
            '(a UUID) per write, the same value when repeating it. Kept per account for 24 hours: a repeat with the same ' +
            'key, method, path and body gets the first answer again (with `Idempotent-Replayed: true`) and the write is ' +
            'not run twice; the same key with another request answers 422; a repeat while the first is still being ' +
            'processed answers 409 with `Retry-After: 1`. Answers 5xx are not kept: a repeat runs the write afresh.',
        },
      },
      securitySchemes: {
        Bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal access key as `Authorization: Bearer <key>`. Scopes: ' +
            SCOPES.map((s) => `${s} (${SCOPE_DESCRIPTIONS[s]})`).join(', '),
        },
        PersonalKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            "The same key as `Authorization: PersonalKey <key>` (Tedee's form). Create keys in Settings > Access keys.",
        },
      },
    },
  };
}
