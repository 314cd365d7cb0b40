import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { auditLog, deviceAccess, organizations, oauthStore } from '@/db/schema';
import { AccessLevel } from '@/db/schema';
import { APP_SCOPES } from '@/lib/oauth/scopes';
import { sessionCookie } from '../support/factories/account';
import { addOrgUser, createLock, createOrg, createUser, db, grantUser, type TestUser } from '../support/factories/core';
import { eventually } from '../support/factories/devices';
import {
  answer,
  clientAuth,
  connectApp,
  oauthCall,
  refresh,
  registerTestApp,
  startAuthorization,
} from '../support/oauth';
import { api } from '../support/router';

/**
 * The OAuth 2.1 authorization server (issue 32): the flow, PKCE, rotation and reuse, revocation,
 * introspection, the consent's rules, and an app token's power on the API (the person's, now,
 * within the granted scopes, never the simulator or the account). The browser proof with a real
 * client library (openid-client) is e2e/oauth.spec.ts; the app-token column of the authorization
 * matrix is tests/matrix/app-token.test.ts.
 */
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

async function owned() {
  const user = await createUser();
  const lock = await createLock({ name: 'Front door' });
  await grantUser(lock.id, user.id, AccessLevel.owner);
  return { user, lock };
}

describe('discovery (RFC 8414)', () => {
  it('names the endpoints, code with S256 only, and the scopes an app may ask for', async () => {
    const r = await oauthCall('GET', '/.well-known/oauth-authorization-server');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      issuer: 'http://localhost:3000',
      authorization_endpoint: 'http://localhost:3000/oauth/authorize',
      token_endpoint: 'http://localhost:3000/oauth/token',
      revocation_endpoint: 'http://localhost:3000/oauth/revoke',
      introspection_endpoint: 'http://localhost:3000/oauth/introspect',
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: [...APP_SCOPES],
    });
    expect(r.json.scopes_supported).not.toContain('Account.ReadWrite');
    expect(r.json.token_endpoint_auth_methods_supported.sort()).toEqual(
      ['client_secret_basic', 'client_secret_post', 'none'].sort(),
    );
  });
});

describe('the authorization request', () => {
  it('refuses a request without PKCE, or with the plain method, back at the app with invalid_request', async () => {
    const user = await createUser();
    const app = await registerTestApp(user);
    for (const drop of [
      { code_challenge: '', code_challenge_method: '' },
      { code_challenge_method: 'plain' },
    ] as Record<string, string>[]) {
      const { res } = await startAuthorization(app, ['Device.Read'], drop);
      expect(res.status).toBe(303);
      const back = new URL(res.location!);
      expect(back.origin + back.pathname).toBe(app.redirectUri);
      expect(back.searchParams.get('error')).toBe('invalid_request');
    }
  });

  it('never sends anything to an address the app did not register (an error page instead)', async () => {
    const user = await createUser();
    const app = await registerTestApp(user);
    const { res } = await startAuthorization({ ...app, redirectUri: 'https://evil.example/callback' }, ['Device.Read']);
    expect(res.status).toBe(400);
    expect(res.location).toBeNull();
    expect(res.text).toContain('redirect_uri');
  });

  it('an unknown app gets an error page, not the consent page', async () => {
    const { res } = await startAuthorization(
      { clientId: 'app_doesnotexist1234', clientSecret: null, redirectUri: 'https://app.example/callback' },
      ['Device.Read'],
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain('invalid_client');
  });

  it('a person who says no sends the app access_denied and no code', async () => {
    const user = await createUser();
    const app = await registerTestApp(user);
    const flow = await startAuthorization(app, ['Device.Read']);
    const a = await answer(user, flow, { allow: false });
    expect(a.status).toBe(200);
    const back = await oauthCall('GET', a.json.result.redirectTo, { jar: flow.jar });
    const url = new URL(back.location!);
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('code')).toBeNull();
    expect(url.searchParams.get('state')).toBe(flow.state);
  });

  it('only a portal session answers, only in the browser that started, only for scopes the app asked', async () => {
    const user = await createUser();
    const app = await registerTestApp(user);
    const flow = await startAuthorization(app, ['Device.Read']);
    // a personal key (even with every scope) cannot consent for the person
    const byKey = await oauthCall('POST', `/oauth/interaction/${flow.uid}/answer`, {
      jar: flow.jar,
      json: { allow: true },
      headers: bearer(user.key),
    });
    expect(byKey.status).toBe(403);
    // another browser (without the interaction cookie) cannot answer it
    const elsewhere = await answer(user, { jar: new Map(), uid: flow.uid }, { allow: true });
    expect(elsewhere.status).toBe(400);
    // a scope the app did not ask for is not added by the answer
    const wider = await answer(user, flow, { allow: true, scopes: ['Device.Read', 'Lock.Operate'] });
    expect(wider.status).toBe(400);
    expect(wider.json.errorMessages[0]).toMatch(/did not ask for Lock.Operate/);
    // a write from another origin is refused (the session cookie alone is not enough)
    const csrf = await oauthCall('POST', `/oauth/interaction/${flow.uid}/answer`, {
      jar: flow.jar,
      json: { allow: true },
      headers: { cookie: await sessionCookie(user), origin: 'https://evil.example' },
    });
    expect(csrf.status).toBe(403);
  });
});

describe('tokens', () => {
  it('carry exactly the scopes the person granted, and act as the person on the API', async () => {
    const { user, lock } = await owned();
    const app = await registerTestApp(user);
    const t = await connectApp(user, app, ['Device.Read', 'Lock.Operate'], ['Device.Read']);
    expect(t).toMatchObject({ token_type: 'Bearer', scope: 'Device.Read', expires_in: 600 });
    const read = await api('GET', `/api/v37/my/lock/${lock.id}`, bearer(t.access_token));
    expect(read.status).toBe(200);
    expect(read.json.result.name).toBe('Front door');
    // the scope the person left out
    const open = await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock`, bearer(t.access_token));
    expect(open.status).toBe(403);
    // a made-up token of the same shape
    expect((await api('GET', '/api/v37/my/lock', bearer('x'.repeat(43)))).status).toBe(401);
  });

  it("have the person's power now: a door taken from the person is gone for the app on its next call", async () => {
    const { user, lock } = await owned();
    const app = await registerTestApp(user);
    const t = await connectApp(user, app, ['Device.Read', 'Lock.Operate']);
    expect((await api('GET', `/api/v37/my/lock/${lock.id}`, bearer(t.access_token))).status).toBe(200);
    await (await db()).delete(deviceAccess).where(eq(deviceAccess.deviceId, lock.id));
    expect((await api('GET', `/api/v37/my/lock/${lock.id}`, bearer(t.access_token))).status).toBe(404);
    expect((await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock`, bearer(t.access_token))).status).toBe(
      404,
    );
  });

  it('never reach the simulator, the account, its keys, apps or security, whatever was granted', async () => {
    const { user, lock } = await owned();
    const org = await createOrg();
    await addOrgUser(org.id, user.id, 2);
    const app = await registerTestApp(user);
    const t = await connectApp(user, app, [...APP_SCOPES]);
    const h = bearer(t.access_token);
    expect((await api('GET', `/api/v37/my/lock/${lock.id}`, h)).status).toBe(200);
    for (const [method, url, body] of [
      ['GET', `/api/sim/device/${lock.id}`],
      ['POST', `/api/sim/device/${lock.id}`, { action: 'battery', batteryLevel: 5 }],
      ['GET', '/api/v37/my/personalaccesskey'],
      ['POST', '/api/v37/my/personalaccesskey', { name: 'x', scopes: ['Device.Read'], days: 1 }],
      ['DELETE', '/api/v37/my/account/sessions'],
      ['GET', '/api/v37/my/account/secondfactor'],
      ['GET', '/api/v37/my/connectedapp'],
      ['GET', '/api/v37/my/oauthclient'],
      ['PUT', `/api/v37/organization/${org.id}/security`, { requireSecondFactor: false }],
    ] as const) {
      const r = await api(method, url, { ...h, body });
      expect(r.status, `${method} ${url}`).toBe(403);
    }
  });

  it('rotate on refresh; a used refresh token presented again revokes the whole grant', async () => {
    const { user, lock } = await owned();
    const app = await registerTestApp(user);
    const first = await connectApp(user, app, ['Device.Read']);
    const r1 = await refresh(app, first.refresh_token);
    expect(r1.status).toBe(200);
    expect(r1.json.refresh_token).not.toBe(first.refresh_token);
    expect(r1.json.scope).toBe('Device.Read');
    const second = r1.json;
    expect((await api('GET', `/api/v37/my/lock/${lock.id}`, bearer(second.access_token))).status).toBe(200);
    // the first refresh token again: someone else holds a copy of it
    const reuse = await refresh(app, first.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.json.error).toBe('invalid_grant');
    // ...so everything of the grant dies: the newest refresh token and its access token too
    expect((await refresh(app, second.refresh_token)).json.error).toBe('invalid_grant');
    expect((await api('GET', `/api/v37/my/lock/${lock.id}`, bearer(second.access_token))).status).toBe(401);
  });

  it('two processes redeeming one refresh token at once: one wins, the other is a reuse and revokes the grant', async () => {
    const { user } = await owned();
    const app = await registerTestApp(user);
    const t = await connectApp(user, app, ['Device.Read']);
    const both = await Promise.all([refresh(app, t.refresh_token), refresh(app, t.refresh_token)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const won = both.find((r) => r.status === 200)!.json;
    // the winner's new tokens were issued under the grant the loser revoked: dead too (on Postgres the
    // winner may write them after the revocation; they are refused because their grant is gone)
    expect((await api('GET', '/api/v37/my/lock', bearer(won.access_token))).status).toBe(401);
    expect((await refresh(app, won.refresh_token)).json.error).toBe('invalid_grant');
  });

  it('a code is redeemed once, only with its verifier', async () => {
    const user = await createUser();
    const app = await registerTestApp(user, { isPublic: true });
    expect(app.clientSecret).toBeNull();
    const flow = await startAuthorization(app, ['Device.Read']);
    const a = await answer(user, flow, { allow: true });
    const code = new URL(
      (await oauthCall('GET', a.json.result.redirectTo, { jar: flow.jar })).location!,
    ).searchParams.get('code')!;
    const redeem = (verifier: string) =>
      oauthCall('POST', '/oauth/token', {
        form: {
          grant_type: 'authorization_code',
          code,
          redirect_uri: app.redirectUri,
          code_verifier: verifier,
          client_id: app.clientId,
        },
      });
    const wrong = await redeem('A'.repeat(43));
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe('invalid_grant');
  });

  it('a confidential app proves its secret (Basic or in the body); a wrong one is invalid_client', async () => {
    const user = await createUser();
    const app = await registerTestApp(user);
    const t = await connectApp(user, app, ['Device.Read']);
    const viaBody = await oauthCall('POST', '/oauth/token', {
      form: {
        grant_type: 'refresh_token',
        refresh_token: t.refresh_token,
        client_id: app.clientId,
        client_secret: app.clientSecret!,
      },
    });
    expect(viaBody.status).toBe(200);
    const wrong = await refresh({ ...app, clientSecret: 'not-the-secret' }, viaBody.json.refresh_token);
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toBe('invalid_client');
    // the secret is kept as its hash only
    const stored = JSON.stringify(await (await db()).select().from(oauthStore));
    expect(stored).not.toContain(app.clientSecret);
    expect(stored).not.toContain(t.access_token);
    expect(stored).not.toContain(t.refresh_token);
  });
});

describe('revocation (RFC 7009) and introspection (RFC 7662)', () => {
  it('introspection says active with the scopes for the app itself; revoking the refresh token ends the grant', async () => {
    const { user, lock } = await owned();
    const app = await registerTestApp(user);
    const t = await connectApp(user, app, ['Device.Read', 'DeviceActivity.Read']);
    const auth = clientAuth(app);
    const look = (token: string, as = auth) =>
      oauthCall('POST', '/oauth/introspect', { headers: as.headers, form: { token, ...as.form } });
    const seen = await look(t.access_token);
    expect(seen.json).toMatchObject({
      active: true,
      client_id: app.clientId,
      sub: user.id,
      scope: 'Device.Read DeviceActivity.Read',
      token_type: 'Bearer',
    });
    // another app learns nothing about it
    const other = await registerTestApp(user);
    expect((await look(t.access_token, clientAuth(other))).json).toEqual({ active: false });

    const revoked = await oauthCall('POST', '/oauth/revoke', {
      headers: auth.headers,
      form: { token: t.refresh_token, token_type_hint: 'refresh_token', ...auth.form },
    });
    expect(revoked.status).toBe(200);
    expect((await look(t.access_token)).json).toEqual({ active: false });
    expect((await api('GET', `/api/v37/my/lock/${lock.id}`, bearer(t.access_token))).status).toBe(401);
    expect((await refresh(app, t.refresh_token)).json.error).toBe('invalid_grant');
  });
});

describe('Connected apps and Developer (API)', () => {
  it('lists the app with its scopes and last use; Disconnect kills its tokens at once and is audited', async () => {
    const { user, lock } = await owned();
    const org = await createOrg({ name: `Org of ${user.email}` });
    await addOrgUser(org.id, user.id, 0);
    const orgLock = await createLock({ name: 'Org door', organizationId: org.id });
    await grantUser(orgLock.id, user.id, AccessLevel.guest);
    const app = await registerTestApp(user, { name: 'Home hub' });
    const t = await connectApp(user, app, ['Device.Read', 'Lock.Operate']);
    expect((await api('GET', `/api/v37/my/lock/${lock.id}`, bearer(t.access_token))).status).toBe(200);
    // "last used" is written after the answer (at most once a minute per grant, never on the
    // request's path), so on a busy database it may land a moment after the request above
    const list = await eventually(async () => {
      const r = await api('GET', '/api/v37/my/connectedapp', { key: user.key });
      return r.status !== 200 || r.json.result[0]?.lastUsed ? r : null;
    });
    expect(list.status).toBe(200);
    expect(list.json.result).toEqual([
      {
        clientId: app.clientId,
        name: 'Home hub',
        hasLogo: false,
        scopes: ['Device.Read', 'Lock.Operate'],
        connected: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
        lastUsed: expect.stringMatching(/Z$/),
      },
    ]);
    // someone else cannot disconnect it
    const stranger = await createUser();
    expect((await api('DELETE', `/api/v37/my/connectedapp/${app.clientId}`, { key: stranger.key })).status).toBe(404);
    expect((await api('DELETE', `/api/v37/my/connectedapp/${app.clientId}`, { key: user.key })).status).toBe(204);
    expect((await api('GET', `/api/v37/my/lock/${lock.id}`, bearer(t.access_token))).status).toBe(401);
    expect((await refresh(app, t.refresh_token)).json.error).toBe('invalid_grant');
    expect((await api('GET', '/api/v37/my/connectedapp', { key: user.key })).json.result).toEqual([]);
    expect((await api('DELETE', `/api/v37/my/connectedapp/${app.clientId}`, { key: user.key })).status).toBe(404);
    // the audit log: the person's own entries and the organization's, whose door it reached
    const rows = await (await db())
      .select({ action: auditLog.action, organizationId: auditLog.organizationId, targetId: auditLog.targetId })
      .from(auditLog)
      .where(eq(auditLog.targetId, app.clientId));
    expect(rows.map((r) => `${r.action}@${r.organizationId}`).sort()).toEqual(
      [
        'app.register@null',
        'app.connect@null',
        `app.connect@${org.id}`,
        'app.disconnect@null',
        `app.disconnect@${org.id}`,
      ].sort(),
    );
    const orgAudit = await api('GET', `/api/v37/organization/${org.id}/audit`, { key: (await ownerOf(org.id)).key });
    expect(orgAudit.status).toBe(200);
  });

  it('registers an app (secret shown once, only its hash kept), refuses unsafe addresses, and removing it kills its tokens', async () => {
    const dev = await createUser();
    const bad = async (redirectUris: string[]) =>
      api('POST', '/api/v37/my/oauthclient', { key: dev.key, body: { name: 'x', redirectUris } });
    for (const uris of [
      ['http://app.example/cb'],
      ['https://app.example/cb#frag'],
      ['javascript:alert(1)'],
      ['https://*.example/cb'],
      [],
    ])
      expect((await bad(uris)).status, uris.join()).toBe(400);
    const ok = await api('POST', '/api/v37/my/oauthclient', {
      key: dev.key,
      body: {
        name: 'Native app',
        redirectUris: ['http://127.0.0.1:8765/cb', 'com.example.locks:/oauth'],
        isPublic: true,
        logo: `data:image/png;base64,${PNG}`,
      },
    });
    expect(ok.status).toBe(201);
    expect(ok.json.result).toMatchObject({ isPublic: true, clientSecret: null, hasLogo: true });
    const notImage = await api('POST', '/api/v37/my/oauthclient', {
      key: dev.key,
      body: {
        name: 'x',
        redirectUris: ['https://a.example/cb'],
        logo: `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}`,
      },
    });
    expect(notImage.status).toBe(400);
    const listed = await api('GET', '/api/v37/my/oauthclient', { key: dev.key });
    expect(listed.json.result.map((a: { name: string }) => a.name)).toEqual(['Native app']);

    const user = await createUser();
    const app = await registerTestApp(dev);
    const t = await connectApp(user, app, ['Device.Read']);
    expect((await api('GET', '/api/v37/my/lock', bearer(t.access_token))).status).toBe(200);
    expect((await api('DELETE', `/api/v37/my/oauthclient/${app.clientId}`, { key: user.key })).status).toBe(404);
    expect((await api('DELETE', `/api/v37/my/oauthclient/${app.clientId}`, { key: dev.key })).status).toBe(204);
    expect((await api('GET', '/api/v37/my/lock', bearer(t.access_token))).status).toBe(401);
  });
});

describe('the second factor at consent', () => {
  it('a person with an authenticator app gives a code to allow; a wrong one is refused', async () => {
    const user = await createUser();
    const secret = await enrolTotp(user);
    const app = await registerTestApp(user);
    const flow = await startAuthorization(app, ['Device.Read']);
    const none = await answer(user, flow, { allow: true });
    expect(none.status).toBe(400);
    expect(none.json.errorMessages[0]).toMatch(/^code:/);
    expect((await answer(user, flow, { allow: true, code: '000000' })).status).toBe(400);
    const ok = await answer(user, flow, { allow: true, code: await generate({ secret }) });
    expect(ok.status).toBe(200);
  });

  it('an administrator of an organization that requires a second factor, without one, cannot connect an app', async () => {
    const user = await createUser();
    const org = await createOrg();
    await addOrgUser(org.id, user.id, 1);
    await (await db()).update(organizations).set({ requireSecondFactor: true }).where(eq(organizations.id, org.id));
    const app = await registerTestApp(user);
    const flow = await startAuthorization(app, ['Device.Read']);
    const r = await answer(user, flow, { allow: true });
    expect(r.status).toBe(403);
    expect(r.json.errorMessages[0]).toMatch(/requires a second factor/);
  });
});

/** A 1x1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

async function ownerOf(organizationId: number): Promise<TestUser> {
  const owner = await createUser();
  await addOrgUser(organizationId, owner.id, 2);
  return owner;
}

/** Sets up an authenticator app for `u` through the API; its secret. */
async function enrolTotp(u: TestUser): Promise<string> {
  const headers = { cookie: await sessionCookie(u), origin: 'http://localhost:3000' };
  const start = await api('POST', '/api/v37/my/account/secondfactor/totp', { headers });
  const secret = start.json.result.secret as string;
  const ok = await api('PUT', '/api/v37/my/account/secondfactor/totp', {
    headers,
    body: { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 }) },
  });
  if (ok.status !== 200) throw new Error(`could not enrol: ${ok.text}`);
  return secret;
}
