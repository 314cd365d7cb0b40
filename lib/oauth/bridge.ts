import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { publicUrl } from '@/lib/config/env';
import { tokenHash } from '@/lib/crypto/secrets';
import { OAUTH_ROUTES } from './provider';

/**
 * oidc-provider is a Koa application: it speaks Node's request and response, while Next's route
 * handlers speak the Fetch API's. This bridge makes one from the other, and nothing more: each
 * call builds an IncomingMessage from the Request (its body already read, so it is a finished
 * stream) and a ServerResponse that records what the provider writes, then turns that into a
 * Response. Nothing about the request is trusted for the origin: host and scheme are the public
 * URL's (NEXTAUTH_URL), as everywhere in this server.
 *
 * Client secrets reach the provider as their SHA-256 (only the hash is stored, db/schema/oauth.ts):
 * from HTTP Basic, or from the body (client_secret_post), which becomes Basic on the way.
 */
const CLIENT_AUTH_ROUTES: string[] = [OAUTH_ROUTES.token, OAUTH_ROUTES.revocation, OAUTH_ROUTES.introspection];

export interface NodePair {
  req: IncomingMessage;
  res: RecordingResponse;
}

class RecordingResponse extends ServerResponse {
  private chunks: Buffer[] = [];
  private resolveDone!: () => void;
  readonly done = new Promise<void>((r) => (this.resolveDone = r));

  override write(chunk: unknown, encoding?: unknown, cb?: unknown): boolean {
    this.keep(chunk, encoding);
    if (typeof encoding === 'function') encoding();
    else if (typeof cb === 'function') cb();
    return true;
  }

  override end(chunk?: unknown, encoding?: unknown, cb?: unknown): this {
    if (typeof chunk === 'function') chunk();
    else {
      this.keep(chunk, encoding);
      if (typeof encoding === 'function') encoding();
      else if (typeof cb === 'function') cb();
    }
    this.finished = true;
    this.resolveDone();
    return this;
  }

  private keep(chunk: unknown, encoding: unknown) {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    this.chunks.push(
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array),
    );
  }

  toResponse(): Response {
    const headers = new Headers();
    for (const [name, value] of Object.entries(this.getHeaders())) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [String(value)]) headers.append(name, v);
    }
    const status = this.statusCode;
    const body = [204, 304].includes(status) ? null : Buffer.concat(this.chunks);
    return new Response(body, { status, headers });
  }
}

/** A Node request/response pair for the provider, for `pathAndQuery` with the request's headers and body. */
export function nodePair(
  method: string,
  pathAndQuery: string,
  headers: Headers,
  body: Buffer = Buffer.alloc(0),
  clientAddress = '127.0.0.1',
): NodePair {
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.url = pathAndQuery;
  const h: Record<string, string> = {};
  headers.forEach((v, k) => {
    if (k === 'host' || k.startsWith('x-forwarded-') || k === 'forwarded') return;
    h[k] = v;
  });
  const pub = publicUrl();
  h.host = pub.host;
  h['x-forwarded-proto'] = pub.protocol.replace(':', '');
  h['x-forwarded-for'] = clientAddress;
  if (body.length) h['content-length'] = String(body.length);
  else delete h['content-length'];
  req.headers = h;
  req.push(body);
  req.push(null);
  return { req, res: new RecordingResponse(req) };
}

/** Runs one request through the provider and answers it. */
export async function runProvider(
  callback: (req: IncomingMessage, res: ServerResponse) => unknown,
  request: Request,
  clientAddress?: string,
): Promise<Response> {
  const url = new URL(request.url);
  let headers = new Headers(request.headers);
  let body: Buffer = ['GET', 'HEAD'].includes(request.method)
    ? Buffer.alloc(0)
    : Buffer.from(await request.arrayBuffer());
  if (request.method === 'POST' && CLIENT_AUTH_ROUTES.includes(url.pathname)) {
    ({ headers, body } = hashClientSecret(headers, body));
  }
  const { req, res } = nodePair(request.method, url.pathname + url.search, headers, body, clientAddress);
  await callback(req, res);
  await res.done;
  return res.toResponse();
}

/** The client's secret as its hash, always in HTTP Basic (client_secret_post becomes Basic). */
export function hashClientSecret(headers: Headers, body: Buffer): { headers: Headers; body: Buffer } {
  const out = new Headers(headers);
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(headers.get('authorization') ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      const secret = safeDecode(decoded.slice(colon + 1));
      out.set(
        'authorization',
        `Basic ${Buffer.from(`${decoded.slice(0, colon)}:${tokenHash(secret)}`).toString('base64')}`,
      );
    }
    return { headers: out, body };
  }
  if (!(headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded'))
    return { headers: out, body };
  const form = new URLSearchParams(body.toString('utf8'));
  const secret = form.get('client_secret');
  const id = form.get('client_id');
  if (secret === null || id === null) return { headers: out, body };
  form.delete('client_secret');
  form.delete('client_id');
  out.set('authorization', `Basic ${Buffer.from(`${encodeURIComponent(id)}:${tokenHash(secret)}`).toString('base64')}`);
  return { headers: out, body: Buffer.from(form.toString(), 'utf8') };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}
