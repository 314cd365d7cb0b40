import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { generate } from 'otplib';
import { userTotp } from '@/db/schema';
import { config } from '@/lib/config';
import { decryptSecret } from '@/lib/crypto/secrets';
import { nodePair } from '@/lib/oauth/bridge';
import { apiResource, interactionPath, oauthProvider } from '@/lib/oauth/provider';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client-address';
import type { AppScope } from '@/lib/oauth/scopes';
import { sessionCookie } from './factories/account';
import { db, type TestUser } from './factories/core';
import { api } from './router';

/**
 * The OAuth server's routes (app/oauth, app/.well-known) called in-process, as a browser and an
 * app would: a cookie jar per "browser", redirects returned as they are. `connectApp` runs the
 * whole authorization code flow with PKCE for a person and returns the app's tokens. The browser
 * proof with a real client library is e2e/oauth.spec.ts.
 */
const ORIGIN = 'http://localhost:3000';

type Handler = (req: NextRequest, rc: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

async function handlerFor(pathname: string, method: string): Promise<{ h: Handler; params: Record<string, unknown> }> {
  let mod: Record<string, Handler>;
  let params: Record<string, unknown> = {};
  const answer = /^\/oauth\/interaction\/([^/]+)\/answer$/.exec(pathname);
  if (pathname === '/.well-known/oauth-authorization-server')
    mod = (await import('@/app/.well-known/oauth-authorization-server/route')) as unknown as Record<string, Handler>;
  else if (answer) {
    mod = (await import('@/app/oauth/interaction/[uid]/answer/route')) as unknown as Record<string, Handler>;
    params = { uid: answer[1] };
  } else if (pathname.startsWith('/oauth/')) {
    mod = (await import('@/app/oauth/[...path]/route')) as unknown as Record<string, Handler>;
    params = { path: pathname.split('/').slice(2) };
  } else throw new Error(`no OAuth route for ${pathname}`);
  const h = mod[method];
  if (!h) throw new Error(`${method} ${pathname}: not served`);
  return { h, params };
}

export interface OAuthResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any;
  location: string | null;
}

/** One request to the OAuth server's routes; `jar` (name -> value) sends cookies and keeps what is set. */
export async function oauthCall(
  method: string,
  url: string,
  opts: {
    headers?: Record<string, string>;
    form?: Record<string, string>;
    json?: unknown;
    jar?: Map<string, string>;
  } = {},
): Promise<OAuthResponse> {
  const u = new URL(url, ORIGIN);
  const headers: Record<string, string> = { [CLIENT_ADDRESS_HEADER]: '127.0.0.1', ...opts.headers };
  let body: string | undefined;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  if (opts.jar?.size) {
    const mine = [...opts.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    headers.cookie = headers.cookie ? `${headers.cookie}; ${mine}` : mine;
  }
  const { h, params } = await handlerFor(u.pathname, method);
  const res = await h(new NextRequest(u, { method, headers, body }), {
    params: Promise.resolve(params as Record<string, string | string[]>),
  });
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const i = pair.indexOf('=');
    const name = pair.slice(0, i);
    const value = pair.slice(i + 1);
    if (opts.jar) {
      if (!value || /expires=Thu, 01 Jan 1970/i.test(c)) opts.jar.delete(name);
      else opts.jar.set(name, value);
    }
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* html */
  }
  return { status: res.status, headers: res.headers, text, json, location: res.headers.get('location') };
}

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

export interface RegisteredApp {
  clientId: string;
  clientSecret: string | null;
  redirectUri: string;
}

/** An app registered through the API by `developer` (confidential unless `isPublic`). */
export async function registerTestApp(
  developer: TestUser,
  opts: { isPublic?: boolean; name?: string; redirectUri?: string } = {},
): Promise<RegisteredApp> {
  const redirectUri = opts.redirectUri ?? 'https://app.example/callback';
  const r = await api('POST', '/api/v37/my/oauthclient', {
    key: developer.key,
    body: { name: opts.name ?? 'Test app', redirectUris: [redirectUri], isPublic: opts.isPublic ?? false },
  });
  if (r.status !== 201) throw new Error(`could not register an app: ${r.status} ${r.text}`);
  return { clientId: r.json.result.clientId, clientSecret: r.json.result.clientSecret, redirectUri };
}

export const basic = (app: RegisteredApp) =>
  `Basic ${Buffer.from(`${encodeURIComponent(app.clientId)}:${encodeURIComponent(app.clientSecret ?? '')}`).toString('base64')}`;

/** The client's credentials for a token, revocation or introspection request. */
export function clientAuth(app: RegisteredApp): { headers: Record<string, string>; form: Record<string, string> } {
  return app.clientSecret
    ? { headers: { authorization: basic(app) }, form: {} }
    : { headers: {}, form: { client_id: app.clientId } };
}

/** The authorization request up to the consent page: the browser's jar and the interaction's uid. */
export async function startAuthorization(
  app: RegisteredApp,
  scopes: string[],
  extra: Record<string, string> = {},
): Promise<{ jar: Map<string, string>; uid: string; verifier: string; state: string; res: OAuthResponse }> {
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(8).toString('hex');
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: app.clientId,
    redirect_uri: app.redirectUri,
    scope: scopes.join(' '),
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  // an empty value in `extra` leaves the parameter out
  for (const [k, v] of Object.entries(extra)) if (v === '') q.delete(k);
  const jar = new Map<string, string>();
  const res = await oauthCall('GET', `/oauth/authorize?${q}`, { jar });
  const uid = /\/oauth\/interaction\/([^/?]+)/.exec(res.location ?? '')?.[1] ?? '';
  return { jar, uid, verifier, state, res };
}

/** The person's answer on the consent page, from their signed-in browser. */
export async function answer(
  user: TestUser,
  flow: { jar: Map<string, string>; uid: string },
  body: { allow: boolean; scopes?: string[]; code?: string },
  session?: string,
): Promise<OAuthResponse> {
  return oauthCall('POST', `/oauth/interaction/${flow.uid}/answer`, {
    jar: flow.jar,
    json: body,
    // the portal's own origin: the server's public URL (the cluster run's servers have their own)
    headers: {
      cookie: session ?? (await sessionCookie(user)),
      origin: new URL(config().NEXTAUTH_URL ?? ORIGIN).origin,
    },
  });
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  scope: string;
  expires_in: number;
  token_type: string;
}

/**
 * The whole flow for `user`, who allows `granted` of what the app asks: the app's tokens. With
 * `direct`, the portal's answer is given the way the consent page gives it but without asking the
 * person's second factor (for tests of a token's use, whose people may have an authenticator app
 * whose codes other tests spend).
 */
export async function connectApp(
  user: TestUser,
  app: RegisteredApp,
  asked: AppScope[],
  granted: AppScope[] = asked,
  opts: { direct?: boolean } = {},
): Promise<Tokens> {
  const flow = await startAuthorization(app, asked);
  if (!flow.uid) throw new Error(`no consent page: ${flow.res.status} ${flow.res.text}`);
  let redirectTo: string;
  if (opts.direct) redirectTo = await consentDirectly(user, app, flow, granted);
  else {
    let a = await answer(user, flow, { allow: true, scopes: granted });
    // a person with an authenticator app gives a code (this step's, or the next one's if this one was used)
    for (const ahead of [0, 30_000])
      if (a.status === 400 && /^code:/.test(a.json?.errorMessages?.[0] ?? ''))
        a = await answer(user, flow, { allow: true, scopes: granted, code: await totpCode(user.id, ahead) });
    if (a.status !== 200) throw new Error(`consent refused: ${a.status} ${a.text}`);
    redirectTo = a.json.result.redirectTo;
  }
  const back = await oauthCall('GET', redirectTo, { jar: flow.jar });
  const code = new URL(back.location ?? 'x:/').searchParams.get('code');
  if (!code) throw new Error(`no code: ${back.status} ${back.location} ${back.text}`);
  const auth = clientAuth(app);
  const t = await oauthCall('POST', '/oauth/token', {
    headers: auth.headers,
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: app.redirectUri,
      code_verifier: flow.verifier,
      ...auth.form,
    },
  });
  if (t.status !== 200) throw new Error(`no token: ${t.status} ${t.text}`);
  return t.json as Tokens;
}

/** The consent's grant and the interaction's result, made as lib/oauth/consent.ts makes them. */
async function consentDirectly(
  user: TestUser,
  app: RegisteredApp,
  flow: { jar: Map<string, string>; uid: string },
  scopes: string[],
): Promise<string> {
  const provider = oauthProvider();
  const grant = new provider.Grant({ accountId: user.id, clientId: app.clientId });
  grant.addResourceScope(apiResource(), scopes.join(' '));
  const grantId = await grant.save();
  const cookie = [...flow.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const { req, res } = nodePair('POST', interactionPath(flow.uid), new Headers({ cookie }));
  return provider.interactionResult(req, res, { login: { accountId: user.id }, consent: { grantId } });
}

/** The code of the person's authenticator app, read from its stored secret (tests only). */
async function totpCode(userId: string, aheadMs: number): Promise<string> {
  const [t] = await (await db()).select().from(userTotp).where(eq(userTotp.userId, userId));
  if (!t) return '';
  const secret = decryptSecret(t.secretCiphertext, 'user_totp', userId);
  return generate({ secret, epoch: Math.floor((Date.now() + aheadMs) / 1000) });
}

/** A refresh with the app's credentials. */
export function refresh(app: RegisteredApp, refreshToken: string): Promise<OAuthResponse> {
  const auth = clientAuth(app);
  return oauthCall('POST', '/oauth/token', {
    headers: auth.headers,
    form: { grant_type: 'refresh_token', refresh_token: refreshToken, ...auth.form },
  });
}
