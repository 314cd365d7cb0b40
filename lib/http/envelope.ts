import { JsonText } from '@/lib/domain/json-text';

/** The spec's envelope and the few raw shapes it allows. The only place that builds Responses. */
// no-store: answers are per caller (and one carries a new key); no shared or browser cache may keep them.
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

const RESULT_HEAD = Buffer.from('{"result":');

export function envelope(status: number, result?: unknown, errorMessages: string[] = []): Response {
  if (result instanceof JsonText) {
    // already serialized by the database: spliced in as its UTF-8, the envelope's fields in the same order
    const rest = JSON.stringify({ success: status < 300, errorMessages, statusCode: status });
    const body = Buffer.concat([RESULT_HEAD, result.utf8(), Buffer.from(`,${rest.slice(1)}`)]);
    return new Response(body, { status, headers: JSON_HEADERS });
  }
  const body: Record<string, unknown> = {};
  if (result !== undefined) body.result = result;
  body.success = status < 300;
  body.errorMessages = errorMessages;
  body.statusCode = status;
  return new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
}

export function failure(status: number, messages: string[], headers: Record<string, string> = {}): Response {
  const body = { success: false, errorMessages: messages, statusCode: status };
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** 204/304: HTTP forbids a body; the content type is still sent (decisions.md). */
export function empty(status: 204 | 304): Response {
  return new Response(null, { status, headers: JSON_HEADERS });
}

/** Flat bodies the spec names (grant result, member results). */
export function flat(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
}
