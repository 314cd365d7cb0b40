import { randomUUID } from 'node:crypto';
import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/nextauth';

/**
 * next-auth's own handler called in-process (its Node form: the same core as the route's), as a
 * browser would call it: the sign-in steps of the portal without a server.
 */
export type Cookies = Record<string, string>;
/** One Set-Cookie of an answer, with its attributes (Path, HttpOnly, SameSite ...). */
export interface SetCookie {
  name: string;
  value: string;
  attributes: string[];
}

export async function nextAuth(
  path: string[],
  opts: { method?: string; body?: Record<string, string>; cookies?: Cookies; address?: string } = {},
) {
  const out = { status: 200, body: undefined as unknown, headers: {} as Record<string, unknown> };
  const res = {
    status(code: number) {
      out.status = code;
      return res;
    },
    setHeader(name: string, value: unknown) {
      out.headers[name.toLowerCase()] = value;
      return res;
    },
    getHeader: (name: string) => out.headers[name.toLowerCase()],
    send: (body: unknown) => void (out.body = body),
    json: (body: unknown) => void (out.body = body),
    end: () => undefined,
  };
  const req = {
    method: opts.method ?? 'GET',
    query: { nextauth: path },
    body: opts.body ?? {},
    cookies: opts.cookies ?? {},
    headers: { host: 'localhost:3000', 'x-smartlock-client-address': opts.address ?? `203.0.113.9-${randomUUID()}` },
  };
  await (NextAuth as unknown as (req: unknown, res: unknown, options: unknown) => Promise<void>)(
    req,
    res,
    authOptions(),
  );
  const raw = out.headers['set-cookie'];
  const set: SetCookie[] = [];
  for (const line of (Array.isArray(raw) ? raw : raw ? [raw] : []) as string[]) {
    const [pair, ...attributes] = line.split(';').map((x) => x.trim());
    const at = pair.indexOf('=');
    set.push({ name: pair.slice(0, at), value: decodeURIComponent(pair.slice(at + 1)), attributes });
  }
  const cookies: Cookies = Object.fromEntries(set.map((c) => [c.name, c.value]));
  return { ...out, set, cookies };
}

export const SESSION_COOKIE = 'next-auth.session-token';

export interface StepResult {
  status: number;
  /** the session cookie's value, when the step started a session */
  session?: string;
  /** next-auth's error (the query of the URL it answers), when it did not */
  error?: string;
}

/** One sign-in step through a provider ('credentials', 'second-factor', 'passkey'), as the sign-in page calls it. */
export async function signInStep(
  provider: string,
  fields: Record<string, string>,
  address?: string,
): Promise<StepResult> {
  const csrf = await nextAuth(['csrf'], { address });
  const csrfToken = (csrf.body as { csrfToken: string }).csrfToken;
  const done = await nextAuth(['callback', provider], {
    method: 'POST',
    body: { ...fields, csrfToken, json: 'true' },
    cookies: csrf.cookies,
    address,
  });
  const url = (done.body as { url?: string } | undefined)?.url;
  const error = url ? (new URL(url, 'http://localhost:3000').searchParams.get('error') ?? undefined) : undefined;
  return { status: done.status, session: done.cookies[SESSION_COOKIE] || undefined, error };
}

export const asCookie = (session: string) => `${SESSION_COOKIE}=${session}`;
