import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { config } from '@/lib/config';
import { resolveSafe, UnsafeEndpoint } from './address';

/** Bounds of one delivery attempt: the whole exchange, and how much of the answer we keep. */
/** read per call so tests can shorten it (WEBHOOK_TIMEOUT_MS) */
export const sendTimeoutMs = () => config().WEBHOOK_TIMEOUT_MS;
export const EXCERPT_BYTES = 1024;

export interface SendResult {
  ok: boolean;
  /** the endpoint answered 410 Gone: stop sending to it */
  gone: boolean;
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

/** Standard Webhooks headers; the signature comes from the `standardwebhooks` library. */
export function signedHeaders(secret: string, messageId: string, body: string, at: Date): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'SmartLockCloud-Webhooks/1.0',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}

/**
 * POSTs one signed message. The host is resolved and every address checked right before
 * sending, and the connection is pinned to those checked addresses (no second lookup that DNS
 * rebinding could change). Redirects are never followed (node:http does not), the exchange is
 * cut after sendTimeoutMs(), and at most EXCERPT_BYTES of the answer are read.
 */
export async function postSigned(url: string, secret: string, messageId: string, body: string): Promise<SendResult> {
  const started = performance.now();
  const done = (r: Omit<SendResult, 'durationMs' | 'ok' | 'gone'>): SendResult => {
    const ok = r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
    return { ...r, ok, gone: r.statusCode === 410, durationMs: Math.round(performance.now() - started) };
  };
  const u = new URL(url);
  let addrs: Array<{ address: string; family: number }>;
  try {
    addrs = await resolveSafe(u);
  } catch (e) {
    return done({
      statusCode: null,
      responseExcerpt: null,
      error: e instanceof UnsafeEndpoint ? e.message : 'DNS lookup failed',
    });
  }
  const pinned: LookupFunction = (_host, opts, cb) => {
    if (opts.all) return (cb as (e: null, a: typeof addrs) => void)(null, addrs);
    cb(null, addrs[0].address, addrs[0].family);
  };
  const headers = signedHeaders(secret, messageId, body, new Date());
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'durationMs' | 'ok' | 'gone'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(done(r));
    };
    const req = lib.request(
      u,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinned,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? null;
        const chunks: Buffer[] = [];
        let size = 0;
        const excerpt = () => (size ? Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8') : null);
        const redirect =
          status !== null && status >= 300 && status < 400
            ? `Redirect to ${res.headers.location ?? '?'} not followed.`
            : null;
        res.on('data', (c: Buffer) => {
          chunks.push(c);
          size += c.length;
          if (size >= EXCERPT_BYTES) finish({ statusCode: status, responseExcerpt: excerpt(), error: redirect });
        });
        res.on('end', () => finish({ statusCode: status, responseExcerpt: excerpt(), error: redirect }));
        res.on('error', () => finish({ statusCode: status, responseExcerpt: excerpt(), error: redirect }));
      },
    );
    const limit = sendTimeoutMs();
    const timer = setTimeout(
      () => finish({ statusCode: null, responseExcerpt: null, error: `No answer within ${limit} ms.` }),
      limit,
    );
    req.on('error', (e: NodeJS.ErrnoException) =>
      finish({ statusCode: null, responseExcerpt: null, error: networkError(e) }),
    );
    req.end(body);
  });
}

function networkError(e: NodeJS.ErrnoException): string {
  if (e.code === 'ECONNREFUSED') return 'Connection refused.';
  if (e.code === 'ECONNRESET') return 'Connection reset by the endpoint.';
  if (e.code === 'ENOTFOUND') return 'The host could not be resolved.';
  if (e.code?.startsWith('ERR_TLS') || e.code?.includes('CERT')) return `TLS error (${e.code}).`;
  return `Network error${e.code ? ` (${e.code})` : ''}.`;
}
