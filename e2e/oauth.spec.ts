import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as client from 'openid-client';
import { expect, test } from '@playwright/test';
import { DEMO, screen, signIn } from './fixtures';

/**
 * Issue 32: a third-party app connects through our OAuth 2.1 server, driven by a real OAuth client
 * library nobody here wrote (openid-client, in the test process) and a person in Chromium: the app
 * is registered in Settings > Developer, the person signs in and consents on the portal, the app
 * redeems the code (PKCE), calls the API with the token, refreshes (rotation), revokes, and its
 * call is refused. Then the person disconnects another grant in Settings > Connected apps and the
 * app's token is refused at once (on CI's cluster leg, by whichever process answers).
 */
let callback: Server;
let redirectUri: string;

test.beforeAll(async () => {
  // the app's redirect address: a loopback listener of the test, as a desktop app would have
  callback = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>App</title><p>Back in the app.</p>');
  });
  await new Promise<void>((r) => callback.listen(0, '127.0.0.1', r));
  redirectUri = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
});

test.afterAll(async () => {
  await new Promise((r) => callback.close(r));
});

test('an app connects with openid-client: consent, code, token, a call, refresh, revoke, the call refused', async ({
  page,
  baseURL,
}) => {
  await signIn(page, DEMO.owner, { to: '/settings/developer' });

  // Settings > Developer: register a confidential app; its secret is shown once
  await page.getByRole('button', { name: 'Register app' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Register an app' });
  await dialog.getByLabel('App name').fill('Home hub');
  await dialog.getByLabel('Redirect addresses').fill(redirectUri);
  await dialog.getByRole('button', { name: 'Register app' }).click();
  const secretDialog = page.getByRole('dialog', { name: "Your app's secret" });
  const clientSecret = await secretDialog.getByLabel('Client secret of “Home hub”').inputValue();
  const clientId = /app_[A-Za-z0-9_-]{16}/.exec((await secretDialog.textContent()) ?? '')![0];
  await secretDialog.getByRole('button', { name: /copied/i }).click();
  await expect(page.getByText(clientId)).toBeVisible();

  // the app: discovery (RFC 8414), PKCE, the authorization URL
  const config = await client.discovery(
    new URL(baseURL!),
    clientId,
    undefined,
    client.ClientSecretBasic(clientSecret),
    { algorithm: 'oauth2', execute: [client.allowInsecureRequests] },
  );
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const authorizationUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'Device.Read Lock.Operate Account.ReadWrite',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });

  // the person: the consent page names the app, each scope in words, whose doors it reaches
  await page.goto(authorizationUrl.href);
  await expect(page.getByRole('heading', { name: 'Allow Home hub to use your account?' })).toBeVisible();
  await expect(page.getByLabel(/See your locks, bridges, gates and door sensors/)).toBeChecked();
  await expect(page.getByLabel(/Open, lock and pull your locks/)).toBeChecked();
  await expect(page.getByText(/never given to apps: Account.ReadWrite/)).toBeVisible();
  await expect(page.getByText(/Demo Property Management: \d+ doors you can open today/)).toBeVisible();
  await page.screenshot({ path: 'test-results/oauth-consent.png', fullPage: true });
  await page.getByRole('button', { name: 'Allow', exact: true }).click();
  await page.waitForURL((u) => u.href.startsWith(redirectUri));

  // the app: the code for tokens (with the verifier), exactly the granted scopes
  const tokens = await client.authorizationCodeGrant(config, new URL(page.url()), {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  expect(tokens.token_type).toBe('bearer');
  expect(tokens.scope).toBe('Device.Read Lock.Operate');
  expect(tokens.expires_in).toBe(600);

  // a call as the person
  const locks = async (accessToken: string) =>
    client.fetchProtectedResource(config, accessToken, new URL('/api/v37/my/lock', baseURL), 'GET');
  const first = await locks(tokens.access_token);
  expect(first.status).toBe(200);
  expect(((await first.json()) as { result: { name: string }[] }).result.map((l) => l.name)).toContain('Front door');

  // refresh: a new pair; the old refresh token is spent
  const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
  expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  expect((await locks(refreshed.access_token)).status).toBe(200);

  // revoke (RFC 7009): the grant ends, the call is refused
  await client.tokenRevocation(config, refreshed.refresh_token!);
  await refusedAsInvalidToken(locks(refreshed.access_token));
});

test('Settings > Connected apps: the app with its scopes and last use; Disconnect refuses its token at once', async ({
  page,
  baseURL,
}) => {
  await signIn(page, DEMO.admin, { to: '/settings/developer' });
  await page.getByRole('button', { name: 'Register app' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Register an app' });
  // a name of zero-width spaces passes the form's own check; the server's refusal is said under it
  await dialog.getByLabel('App name').fill('\u200b\u200b');
  await dialog.getByLabel('Redirect addresses').fill(redirectUri);
  await dialog.getByLabel(/Public app/).check();
  await dialog.getByRole('button', { name: 'Register app' }).click();
  await expect(dialog.getByLabel('App name')).toHaveAccessibleDescription(/Must show at least one visible character/);
  await expect(dialog.getByLabel('App name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('App name')).toBeFocused();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await screen(page, 'developer-register-refused');
  // it goes as the name is edited, not at the next submit
  await dialog.getByLabel('App name').fill('Phone widget');
  await expect(dialog.getByLabel('App name')).not.toHaveAccessibleDescription(/visible character/);
  await expect(dialog.getByLabel('App name')).not.toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Register app' }).click();
  const clientId = /app_[A-Za-z0-9_-]{16}/.exec(
    (await page.getByText(/is registered: client id/).textContent()) ?? '',
  )![0];

  const config = await client.discovery(new URL(baseURL!), clientId, undefined, client.None(), {
    algorithm: 'oauth2',
    execute: [client.allowInsecureRequests],
  });
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  await page.goto(
    client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'Device.Read DeviceActivity.Read',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    }).href,
  );
  // the person leaves one scope out
  await page.getByLabel(/Read who opened what and when/).uncheck();
  await page.getByRole('button', { name: 'Allow', exact: true }).click();
  await page.waitForURL((u) => u.href.startsWith(redirectUri));
  const tokens = await client.authorizationCodeGrant(config, new URL(page.url()), {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  expect(tokens.scope).toBe('Device.Read');
  const call = () =>
    client.fetchProtectedResource(config, tokens.access_token, new URL('/api/v37/my/device/details', baseURL), 'GET');
  expect((await call()).status).toBe(200);

  await page.goto('/settings/connected-apps');
  const row = page.getByRole('listitem').filter({ hasText: 'Phone widget' });
  await expect(row.getByText('Device.Read')).toBeVisible();
  await expect(row.getByText('DeviceActivity.Read')).toHaveCount(0);
  // last use is recorded after the answer (never on the request's path): reload until it shows
  let tries = 0;
  await expect(async () => {
    if (tries++ > 0) await page.reload();
    await expect(row.getByText(/last used (just now|\d+ minutes? ago)/)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.screenshot({ path: 'test-results/oauth-connected-apps.png', fullPage: true });
  await row.getByRole('button', { name: 'Disconnect Phone widget' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Phone widget is disconnected.')).toBeVisible();
  await expect(page.getByText('No connected apps')).toBeVisible();
  await refusedAsInvalidToken(call());
});

/** openid-client's answer to a 401 with `WWW-Authenticate: Bearer error="invalid_token"`: it throws, naming the challenge. */
async function refusedAsInvalidToken(call: Promise<Response>) {
  const e = await call.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(client.WWWAuthenticateChallengeError);
  const challenge = e as client.WWWAuthenticateChallengeError;
  expect(challenge.response.status).toBe(401);
  expect(challenge.cause[0]).toMatchObject({ scheme: 'bearer', parameters: { error: 'invalid_token' } });
}
