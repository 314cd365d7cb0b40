import { appendFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '@/app/api/v37/openapi.json/document';
import { matchApiRoute } from '@/lib/http/api-routes';
import { openApiPath } from '@/lib/http/openapi/document';

/**
 * Holds every answer the API tests receive to the OpenAPI document (GET /api/v37/openapi.json):
 * the status must be one the operation lists, and a JSON body must match that status' schema.
 * tests/support/router.ts calls it after each request, so a mismatch fails the test that made it.
 */
type Json = Record<string, any>;

let doc: Json | undefined;
let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: Json): ValidateFunction {
  let v = compiled.get(key);
  if (!v) {
    ajv ??= (addFormats as unknown as (a: Ajv2020) => Ajv2020)(new Ajv2020({ strict: false, allErrors: true, validateSchema: false }));
    // the components travel with the schema, so its #/components/... references resolve
    v = ajv.compile({ ...schema, components: { schemas: doc!.components.schemas } });
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
export function checkAgainstOpenApi(method: string, pathname: string, a: Answer): void {
  const m = matchApiRoute(pathname);
  if (!m || !m.pattern.startsWith('/api/v37/')) return;
  if (process.env.OPENAPI_SAMPLES) {
    appendFileSync(process.env.OPENAPI_SAMPLES, JSON.stringify({ k: `${method} ${m.pattern} ${a.status}`, ct: a.headers.get('content-type'), t: a.text.slice(0, 3000) }) + '\n');
    return;
  }
  doc ??= openApiDocument();
  const op = doc.paths[openApiPath(m.pattern)]?.[method.toLowerCase()] as Json | undefined;
  // HEAD, OPTIONS and 405 come from Next.js or the proxy, not from the route
  if (!op || a.status === 405 || a.status === 499) return;
  const where = `${method} ${m.pattern} -> ${a.status}`;
  let r = op.responses[String(a.status)] as Json | undefined;
  if (!r) throw new Error(`OpenAPI: ${where} is not a status the document lists (${Object.keys(op.responses).join(', ')}); body: ${a.text.slice(0, 300)}`);
  if (r.$ref) r = doc.components.responses[String(r.$ref).split('/').pop()!] as Json;
  const content = r.content as Json | undefined;
  if (!content) {
    if (a.text !== '') throw new Error(`OpenAPI: ${where} should have no body, got ${a.text.slice(0, 300)}`);
    return;
  }
  const type = (a.headers.get('content-type') ?? '').split(';')[0].trim();
  const media = content[type] as Json | undefined;
  if (!media) throw new Error(`OpenAPI: ${where} answered ${type || 'no content type'}, the document says ${Object.keys(content).join(', ')}`);
  if (type !== 'application/json') return;
  const v = validatorFor(`${method} ${m.pattern} ${a.status}`, media.schema as Json);
  if (!v(a.json)) {
    const errs = (v.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
    throw new Error(`OpenAPI: ${where} does not match the document:\n  ${errs.join('\n  ')}\nbody: ${a.text.slice(0, 500)}`);
  }
}
