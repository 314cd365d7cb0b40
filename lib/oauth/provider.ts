import { createECDH } from 'node:crypto';
import Provider, { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { isHttps, publicUrl } from '@/lib/config/env';
import { purposeKeys } from '@/lib/crypto/secrets';
import { DrizzleAdapter } from './adapter';
import { APP_SCOPES } from './scopes';

/**
 * The OAuth 2.1 authorization server (issue 32): oidc-provider, certified and maintained, run
 * inside Next's route handlers (lib/oauth/bridge.ts) on the app's own database (adapter.ts).
 *
 * - Authorization code with PKCE (S256, the only method the library supports) for every client,
 *   public or confidential; no implicit or hybrid response types.
 * - Access tokens are opaque, short-lived (ACCESS_TOKEN_TTL), for one resource: this API
 *   (`<public URL>/api/v37`), with the contract's scopes the person granted (scopes.ts).
 * - Refresh tokens rotate on every use; a used one presented again revokes the whole grant.
 * - Every authorization passes through the portal's consent page: the provider's own session is
 *   never trusted for a silent approval (the portal's session and second factor decide, there).
 * - Discovery (RFC 8414) at /.well-known/oauth-authorization-server, revocation (RFC 7009) at
 *   /oauth/revoke, introspection (RFC 7662) at /oauth/introspect.
 */
export const ACCESS_TOKEN_TTL = 10 * 60;
export const REFRESH_TOKEN_TTL = 30 * 24 * 3600;
const GRANT_TTL = 365 * 24 * 3600;

/** The one resource server: this API. */
export const apiResource = (): string => new URL('/api/v37', publicUrl()).href;

export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  revocation: '/oauth/revoke',
  introspection: '/oauth/introspect',
  jwks: '/oauth/jwks',
  end_session: '/oauth/logout',
  userinfo: '/oauth/userinfo',
} as const;

/** The portal's consent page for one interaction. */
export const interactionPath = (uid: string) => `/oauth/interaction/${uid}`;

const { Check, Prompt } = interactionPolicy;

/**
 * Two prompts, each asked every time until the portal answered it for this very request: the person
 * signs in on the portal (its session, its second factor) and consents there to named scopes.
 */
function policy() {
  const asked = (what: 'login' | 'consent') => (ctx: KoaContextWithOIDC) =>
    ctx.oidc.result?.[what] ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
  const prompts = interactionPolicy.base();
  prompts.clear();
  prompts.add(
    new Prompt(
      { name: 'login', requestable: true },
      new Check('portal_sign_in', 'Sign in on the portal', asked('login')),
    ),
  );
  prompts.add(
    new Prompt(
      { name: 'consent', requestable: true },
      new Check('portal_consent', 'The person decides on the portal', asked('consent')),
    ),
  );
  return prompts;
}

/** An ES256 signing key derived from APP_SECRET: the same on every process, nothing to store. */
function signingKey() {
  const d = purposeKeys('oauth/es256')[0];
  const pub = createECDH('prime256v1');
  pub.setPrivateKey(d);
  const point = pub.getPublicKey();
  return {
    kty: 'EC',
    crv: 'P-256',
    alg: 'ES256',
    use: 'sig',
    kid: purposeKeys('oauth/es256-kid', 6)[0].toString('base64url'),
    d: d.toString('base64url'),
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
}

function configuration(): Configuration {
  const secure = isHttps();
  const cookie = { signed: true, httpOnly: true, sameSite: 'lax' as const, secure };
  return {
    adapter: DrizzleAdapter,
    clients: [],
    clientDefaults: { id_token_signed_response_alg: 'ES256', grant_types: ['authorization_code', 'refresh_token'] },
    cookies: {
      keys: purposeKeys('oauth/cookies').map((k) => k.toString('base64url')),
      long: cookie,
      short: cookie,
      names: { session: 'oauth_session', interaction: 'oauth_interaction', resume: 'oauth_resume' },
    },
    jwks: { keys: [signingKey()] },
    scopes: ['offline_access'],
    claims: {},
    responseTypes: ['code'],
    pkce: { required: () => true },
    routes: OAUTH_ROUTES,
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
    discovery: { scopes_supported: [...APP_SCOPES] },
    features: {
      devInteractions: { enabled: false },
      // a DPoP-bound token would be taken as a plain bearer token by the API: none are issued
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      // every client is a third-party app, none a resource server: each learns about its own tokens only
      introspection: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => apiResource(),
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== apiResource()) throw new errors.InvalidTarget();
          return {
            scope: APP_SCOPES.join(' '),
            audience: resource,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'opaque',
          };
        },
      },
    },
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid), policy: policy() },
    // the grant is only ever the one the portal's consent just made (never one the provider's session remembers)
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      RefreshToken: REFRESH_TOKEN_TTL,
      Grant: GRANT_TTL,
      Interaction: 10 * 60,
      Session: 10 * 60,
    },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
    // a browser app may call the token endpoint from the origin of one of its redirect addresses
    clientBasedCORS: (_ctx, origin, client) =>
      (client.redirectUris ?? []).some((u) => {
        try {
          return new URL(u).origin === origin;
        } catch {
          return false;
        }
      }),
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(String(out.error), String(out.error_description ?? ''));
    },
  };
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** What a person sees when an app sent them here with a request the server refuses. */
function errorPage(error: string, description: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>App sign-in refused</title></head>
<body>
<h1>This app's request cannot be completed</h1>
<p>The app that sent you here asked for something this service does not allow. Nothing was shared with it.</p>
<p><code>${escape(error)}</code>${description ? `: ${escape(description)}` : ''}</p>
<p><a href="/home">Back to the portal</a></p></body></html>`;
}

let cached: { key: string; provider: Provider } | undefined;

/** The provider of this process (rebuilt only when its issuer or secret changes, e.g. between tests). */
export function oauthProvider(): Provider {
  const issuer = publicUrl().origin;
  const key = `${issuer}|${purposeKeys('oauth/cache-key', 8)[0].toString('hex')}`;
  if (cached?.key === key) return cached.provider;
  const provider = new Provider(issuer, configuration());
  // the bridge says which origin and scheme the request came by (the public URL's, never the request's)
  provider.proxy = true;
  cached = { key, provider };
  return provider;
}
