import { inWords, UNREACHABLE } from './words';

/**
 * The browser's way to the API: same /api/v37 endpoints as every other client. Unwraps the
 * envelope and throws ApiError with the server's messages in a person's words (./words).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(messages[0] ?? `Request failed (${status})`);
    this.name = 'ApiError';
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null | (string | number)[]>;
  signal?: AbortSignal;
}

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

/** Returns `result` of an envelope, the whole body of a flat response, or null for 204/304. */
export async function apiFetch<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(apiUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers: opts.body !== undefined ? { 'content-type': 'application/json' } : undefined,
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      credentials: 'same-origin',
      signal: opts.signal,
    });
  } catch (e) {
    if (opts.signal?.aborted) throw e; // a cancelled query is not a failure to show
    throw new ApiError(0, [UNREACHABLE]); // "Failed to fetch" says nothing to a person
  }
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
    throw new ApiError(res.status, (msgs.length ? msgs : [`Request failed (${res.status}).`]).map(inWords));
  }
  if (body && 'success' in body && 'statusCode' in body) return body.result as T;
  return body as T;
}
