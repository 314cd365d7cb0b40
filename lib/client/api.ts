import { DID_NOT_WORK } from '@/lib/shared/text';
import { fieldWords, inWords, UNREACHABLE } from './words';

/**
 * The browser's way to the API: same /api/v37 endpoints as every other client. Unwraps the
 * envelope and throws ApiError with the server's messages in a person's words (./words).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
    /** the answer's body, for answers that say more than their messages (the bulk grant's per-door answer) */
    readonly body: unknown = null,
  ) {
    // all of them, as apiMessage says them: errorText, FormError and a query's error read `message`
    super(messages.join(' ') || `Request failed (${status})`);
    this.name = 'ApiError';
  }
}

/**
 * What a refused request says to a person: the server's messages (apiFetch turns a missing answer
 * into an ApiError that says the server could not be reached); a bare fetch that failed (a
 * TypeError: "Failed to fetch", "Load failed", "NetworkError …") could not reach it either;
 * anything else thrown is a fault of the page, said as one.
 */
export const apiMessage = (err: unknown): string =>
  err instanceof ApiError
    ? err.message
    : err instanceof TypeError && /fetch|network|load failed/i.test(err.message)
      ? UNREACHABLE
      : DID_NOT_WORK;

/**
 * A refusal's messages by the form field they name: the server says "displayName: remove …", the
 * form shows "Remove …" under that field. What names none of `fields` is said above the form
 * (`general`, null when there is nothing else); a refusal that is not the API's is all general.
 */
export function messagesByField<F extends string>(
  err: unknown,
  fields: readonly F[],
): { general: string | null; byField: Partial<Record<F, string>> } {
  if (!(err instanceof ApiError)) return { general: err ? apiMessage(err) : null, byField: {} };
  const byField: Partial<Record<F, string>> = {};
  const rest: string[] = [];
  for (const m of err.messages) {
    // named as the API names it ("displayName: …", a part of it "redirectUris.2: …") or in words
    // ("Display name: …", ./words)
    const path = /^([\w.]+): /.exec(m)?.[1];
    const f = fields.find((x) => path === x || path?.startsWith(`${x}.`) || m.startsWith(`${fieldWords(x)}: `));
    if (!f) rest.push(m);
    else {
      const said = m.slice(m.indexOf(': ') + 2);
      const sentence = said.charAt(0).toUpperCase() + said.slice(1);
      byField[f] = byField[f] ? `${byField[f]} ${sentence}` : sentence;
    }
  }
  return { general: rest.length ? rest.join(' ') : null, byField };
}

/**
 * Everything a refusal says, for a form of one field (a password, a code): the messages that name
 * `field` without its name, then the rest; null when there is no refusal.
 */
export function messageFor(err: unknown, field: string): string | null {
  const { general, byField } = messagesByField(err, [field]);
  return [byField[field], general].filter(Boolean).join(' ') || null;
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null | (string | number)[]>;
  signal?: AbortSignal;
  /** The write's Idempotency-Key; a new one per call unless given (a write repeated on purpose as one). */
  idempotencyKey?: string;
}

/**
 * A new Idempotency-Key: 122 random bits as a UUID. `crypto.randomUUID` exists only on https and
 * localhost; getRandomValues everywhere (the portal on a LAN address over http).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Answers after which a write is sent once more with the same key: it may or may not have run, and the key makes it run once. */
const REPEAT_WRITE = new Set([502, 504]);
const REPEAT_AFTER_MS = 600;

export function apiUrl(path: string, query?: ApiOptions['query']): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) v.forEach((x) => qs.append(k, String(x)));
    else qs.set(k, String(v));
  }
  const s = qs.toString();
  return `/api/v37${path}${s ? `?${s}` : ''}`;
}

/**
 * Returns `result` of an envelope, the whole body of a flat response, or null for 204/304. Every
 * write carries an Idempotency-Key (docs/api.md): when its connection drops or the balancer says
 * the process stopped while answering (502/504), it is sent once more with the same key, and the
 * server runs it at most once.
 */
export async function apiFetch<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['idempotency-key'] = opts.idempotencyKey ?? newIdempotencyKey();
  const send = async (): Promise<Response> => {
    try {
      return await fetch(apiUrl(path, opts.query), {
        method,
        headers,
        body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
        credentials: 'same-origin',
        signal: opts.signal,
      });
    } catch (e) {
      if (opts.signal?.aborted) throw e; // a cancelled query is not a failure to show
      return new Response(null, { status: 599 }); // no answer: "Failed to fetch" says nothing to a person
    }
  };
  let res = await send();
  const noAnswer = (r: Response) => r.status === 599;
  if (method !== 'GET' && (noAnswer(res) || REPEAT_WRITE.has(res.status))) {
    await new Promise((r) => setTimeout(r, REPEAT_AFTER_MS));
    res = await send();
  }
  if (noAnswer(res)) throw new ApiError(0, [UNREACHABLE]);
  if (res.status === 204 || res.status === 304) return null as T;
  const text = await res.text();
  let body: Record<string, unknown> | null = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  if (res.status === 401 && typeof window !== 'undefined' && !window.location.pathname.startsWith('/link/')) {
    // The portal session ended while the page was open: go sign in again, then come back here.
    const back = window.location.pathname + window.location.search;
    window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(back)}`);
  }
  if (!res.ok) {
    const msgs = Array.isArray(body?.errorMessages) ? (body!.errorMessages as string[]) : [];
    throw new ApiError(res.status, (msgs.length ? msgs : [`Request failed (${res.status}).`]).map(inWords), body);
  }
  if (body && 'success' in body && 'statusCode' in body) return body.result as T;
  return body as T;
}
