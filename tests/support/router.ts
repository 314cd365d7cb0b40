import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { harness } from '@/lib/config/harness';
import { methodNotAllowed } from '@/lib/http/api-proxy';
import { matchApiRoute } from '@/lib/http/api-routes';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client-address';
import { checkAgainstOpenApi } from './openapi-check';

/**
 * Calls the app's route handlers in-process by URL, as an HTTP client would, without a server:
 * `await api('GET', '/api/v37/my/lock/5', { key })`. Routes are found under app/api.
 *
 * With API_BASE_URL set (tests/support/cluster-setup.ts sets it for `CONTRACT_CLUSTER=1`), the
 * same call goes over HTTP to that server instead: the route module is still loaded, only to hold
 * the answer to the OpenAPI document.
 */
const APP = path.resolve(process.cwd(), 'app');

export interface RouteFile {
  file: string;
  /** e.g. /api/v37/my/lock/[id] */
  pattern: string;
  regex: RegExp;
  names: string[];
}

export function routeFiles(under = 'api/v37'): RouteFile[] {
  const out: RouteFile[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === 'route.ts') out.push(toRoute(full));
    }
  };
  walk(path.join(APP, under));
  // static segments before dynamic ones, so /my/lock/sync wins over /my/lock/[id]
  return out.sort((a, b) => a.names.length - b.names.length || b.pattern.length - a.pattern.length);
}

function toRoute(file: string): RouteFile {
  const rel = path
    .relative(APP, path.dirname(file))
    .split(path.sep)
    .filter((s) => !/^\(.*\)$/.test(s));
  const names: string[] = [];
  const re = rel.map((seg) => {
    const m = /^\[(\.\.\.)?(.+)\]$/.exec(seg);
    if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(m[2]);
    return m[1] ? '(.+)' : '([^/]+)';
  });
  return { file, pattern: '/' + rel.join('/'), regex: new RegExp(`^/${re.join('/')}/?$`), names };
}

let cache: RouteFile[] | undefined;

export interface CallOptions {
  key?: string;
  /** raw Authorization header (overrides key) */
  authorization?: string;
  /** JSON, or a string / bytes sent as they are */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * The client's address. In-process calls have no socket, so the router stands in for the
   * server's hook (lib/http/client-address.ts) and sets it: this, else the first X-Forwarded-For
   * entry (tests name their clients that way), else 127.0.0.1. The real server ignores that header
   * unless TRUST_PROXY_HOPS says otherwise (tests/api/client-address.test.ts, e2e/edge.spec.ts).
   * Over HTTP (API_BASE_URL) the address goes as the first X-Forwarded-For entry, the one the
   * server trusts when the test run plays the outer proxy (cluster-setup.ts: TRUST_PROXY_HOPS=2);
   * the server takes only a valid IP address from there, so name clients with real ones.
   */
  clientAddress?: string;
  /** Leave the answer unchecked against the OpenAPI document (only for tests of the check itself). */
  skipOpenApiCheck?: boolean;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  /** parsed JSON body, or null when there is none */
  json: T;
  text: string;
}

export async function api<T = any>(method: string, url: string, opts: CallOptions = {}): Promise<ApiResponse<T>> {
  cache ??= routeFiles('api');
  const u = new URL(url, 'http://localhost:3000');
  // what the server's proxy does first (proxy.ts, lib/http/api-proxy.ts): the route in any case,
  // the path rewritten to its spelling, 405 for a method it does not serve; no route: the catch-all
  const m = matchApiRoute(u.pathname);
  const found = cache.find((r) => r.pattern === (m ? m.pattern : '/api/[...path]'));
  if (!found) throw new Error(`no route for ${u.pathname}`);
  if (m) u.pathname = m.pathname;
  const params = m ? m.params : { path: u.pathname.split('/').filter(Boolean).slice(1) };
  const mod = (await import(found.file)) as Record<string, (req: NextRequest, ctx: unknown) => Promise<Response>>;
  const handler = mod[method.toUpperCase()];
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.authorization) headers.authorization = opts.authorization;
  else if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (opts.body !== undefined) {
    // a string or bytes go as they are (malformed JSON, other encodings); anything else as JSON
    body =
      typeof opts.body === 'string' || opts.body instanceof Uint8Array
        ? (opts.body as string | Uint8Array<ArrayBuffer>)
        : JSON.stringify(opts.body);
    // a content type the test names wins (wrong content types are part of the input tests)
    if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/json';
  }
  const base = harness().API_BASE_URL;
  let res: Response;
  if (base) {
    // over the network: the server's own proxy rewrites the path and answers 405; the request goes
    // as written (the rewritten path is only the OpenAPI check's key)
    if (opts.clientAddress) headers['x-forwarded-for'] = opts.clientAddress;
    res = await overHttp(new URL(url, base), method.toUpperCase(), headers, body);
  } else {
    headers[CLIENT_ADDRESS_HEADER] =
      opts.clientAddress ?? headers['x-forwarded-for']?.split(',')[0].trim() ?? '127.0.0.1';
    const req = new NextRequest(u, { method: method.toUpperCase(), headers, body });
    res =
      m && !m.allow.includes(req.method)
        ? methodNotAllowed(req, m.allow)
        : await handler(req, { params: Promise.resolve(params) });
  }
  const text = (res.headers.get('content-type') ?? '').startsWith('text/event-stream')
    ? await firstEvents(res)
    : await res.text();
  let json: unknown = null;
  if (text && (res.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(text);
  const out = { status: res.status, headers: res.headers, json: json as T, text };
  // every answer must be what the OpenAPI document says (tests/support/openapi-check.ts)
  if (m && !opts.skipOpenApiCheck) checkAgainstOpenApi(method.toUpperCase(), m.pattern, mod, out);
  return out;
}

/**
 * Serves one request with the app's route handlers, in this process, as the server would (for the
 * test side's stand-in of the service's public address, tests/support/bridges.ts: the virtual
 * bridges send their events here over real HTTP).
 */
export async function dispatch(req: Request): Promise<Response> {
  cache ??= routeFiles('api');
  const u = new URL(req.url);
  const m = matchApiRoute(u.pathname);
  const found = cache.find((r) => r.pattern === (m ? m.pattern : '/api/[...path]'));
  if (!found) return new Response(null, { status: 404 });
  if (m) u.pathname = m.pathname;
  const params = m ? m.params : { path: u.pathname.split('/').filter(Boolean).slice(1) };
  const mod = (await import(found.file)) as Record<string, (req: NextRequest, ctx: unknown) => Promise<Response>>;
  const headers = new Headers(req.headers);
  headers.set(CLIENT_ADDRESS_HEADER, '127.0.0.1');
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(await req.arrayBuffer());
  const next = new NextRequest(u, { method: req.method, headers, body });
  if (m && !m.allow.includes(req.method)) return methodNotAllowed(next, m.allow);
  const handler = mod[req.method];
  if (!handler) return new Response(null, { status: 405 });
  return handler(next, { params: Promise.resolve(params) });
}

/** One request to the server at API_BASE_URL; redirects come back as they are, as in-process. */
async function overHttp(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | Uint8Array<ArrayBuffer> | undefined,
): Promise<Response> {
  const aborter = new AbortController();
  const timer = setTimeout(() => aborter.abort(new Error(`${method} ${url.pathname}: no answer in 30 s`)), 30_000);
  try {
    const res = await fetch(url, { method, headers, body, redirect: 'manual', signal: aborter.signal });
    // the stream's reader hangs up after the first events (firstEvents); a body is read right after
    return res;
  } finally {
    clearTimeout(timer);
  }
}

/** A live stream never ends: read what it says first, then hang up (its cancel ends the feed, also over HTTP). */
async function firstEvents(res: Response): Promise<string> {
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
}
