import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { config } from '@/lib/config';
import { isHttps } from '@/lib/config/env';
import { failure } from './envelope';
import { loggedRoute, logRequest } from './log';
import { rateLimitHeaders } from './ratelimit-policy';

/**
 * What every API answer gets at the edge of the server, whatever made it (route(), next-auth,
 * the health check): a request id, and the headers of docs/security.md ("Headers and logs").
 */

/** Bodies larger than this (64 KB) are refused with 413 unless a route declares more. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${Math.round(limit / 1024)} KB, the most this endpoint takes.`);
  }
}

export const tooLarge = (e: BodyTooLarge) => failure(413, [e.message]);

/**
 * The client went away while its body was being read (Node ends the stream with `aborted`,
 * ECONNRESET): nobody is left to answer, and nothing is wrong with the server or its database.
 */
export class ClientGone extends Error {
  constructor() {
    super('the client closed the connection before its request body was read');
  }
}

/** nginx's 499: what the log line shows for a request whose client left. */
export const clientGone = () => new Response(null, { status: 499 });

/**
 * The body as text, never more than `limit` bytes read: a declared Content-Length above it is
 * refused before reading anything, and a body streamed without one is refused at the first chunk
 * past the limit (the rest is never read).
 */
export async function readBodyText(req: Request, limit: number): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (declared > limit) throw new BodyTooLarge(limit);
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (e) {
      if (req.signal.aborted || (e as { code?: unknown }).code === 'ECONNRESET') throw new ClientGone();
      throw e;
    }
    const { done, value } = next;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A client's correlation id is used when it is a plain token: letters, digits, `.`, `_`, `-`, 8 to 64 of them. */
const SANE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The request's correlation id: the client's `X-Correlation-ID` (Tedee's name), else its
 * `X-Request-Id`, when sane; else a new one. Every answer carries it back in both headers, the
 * request's log line names it, and so does a 500's message.
 */
export function requestIdOf(req: Request): string {
  for (const name of ['x-correlation-id', 'x-request-id']) {
    const given = req.headers.get(name);
    if (given && SANE_ID.test(given)) return given;
  }
  return randomUUID();
}

/** The API version every answer names (Tedee's `api-supported-versions` header). */
export const API_VERSION = '37';

let hsts: { url: string | undefined; on: boolean } | undefined;

/** API answers: never sniffed, never cached (they are per caller), HSTS under https, the correlation id, the API version. */
export function finishApiResponse(given: Response, requestId: string): Response {
  let res = given;
  try {
    res.headers.set('x-request-id', requestId);
  } catch {
    res = new Response(given.body, given); // a response with immutable headers (Response.redirect)
  }
  const h = res.headers;
  h.set('x-content-type-options', 'nosniff');
  if (!h.has('cache-control')) h.set('cache-control', 'no-store');
  h.set('x-request-id', requestId);
  h.set('x-correlation-id', requestId);
  h.set('api-supported-versions', API_VERSION);
  // answers counted against no account (proxy, unknown paths, public routes) still name the policy
  if (!h.has('ratelimit-policy')) h.set('ratelimit-policy', rateLimitHeaders('key')['ratelimit-policy']);
  const url = config().NEXTAUTH_URL;
  if (!hsts || hsts.url !== url) hsts = { url, on: isHttps() };
  if (hsts.on) h.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
  return res;
}

type Plain = (req: NextRequest, rc: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/**
 * The edge alone, for the few API handlers that are not route()s because they speak another
 * protocol (next-auth's, the health check): the body limit (the body is read here, bounded, and
 * handed on), the headers and request id, the log line.
 */
export function withEdge(handler: Plain, maxBody = DEFAULT_BODY_LIMIT): Plain {
  return async (req, rc) => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    let res: Response;
    try {
      let bounded = req;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        const body = await readBodyText(req, maxBody);
        bounded = new NextRequest(req.url, { method: req.method, headers: req.headers, body: body || undefined });
      }
      res = await handler(bounded, rc);
    } catch (e) {
      if (e instanceof ClientGone) res = clientGone();
      else if (e instanceof BodyTooLarge) res = tooLarge(e);
      else throw e;
    }
    return finish(req, res, requestId, started);
  };
}

/** The edge's headers on the answer, and its log line. */
export function finish(req: NextRequest, given: Response, requestId: string, started: number): Response {
  const res = finishApiResponse(given, requestId);
  logRequest({
    id: requestId,
    method: req.method,
    route: loggedRoute(req.nextUrl.pathname),
    status: res.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
  });
  return res;
}
