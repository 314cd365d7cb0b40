import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO, expect, mailText, screen, signIn, test } from './fixtures';

/**
 * Second factors in Chromium (docs/security.md, "Second factors"): an authenticator app set up
 * with a code the test computes from the key the page shows, then a sign-in that needs a code;
 * a passkey made and used by Chromium's virtual authenticator (DevTools protocol WebAuthn), for a
 * sign-in without a password and as the second step after one.
 */

/** A fresh account whose address is confirmed through the demo mailbox, as a newcomer would. */
async function newAccount(request: APIRequestContext) {
  const account = { email: `factor-${randomUUID()}@example.com`, password: `pw-${randomUUID()}` };
  const res = await request.post('/api/v37/account/register', { data: { ...account, displayName: 'Fay Factor' } });
  expect(res.status()).toBe(202);
  let token: string | undefined;
  await expect
    .poll(async () => {
      const html = await mailText(request, account.email);
      token = /verify-email\?token=([\w-]{20,})/.exec(html)?.[1];
      return token;
    })
    .toBeTruthy();
  expect((await request.post('/api/v37/account/verify', { data: { token } })).status()).toBe(200);
  return account;
}

/** The password step on the sign-in page (the second step or the portal follows). */
async function passwordStep(page: Page, account: { email: string; password: string }, to = '/settings/security') {
  await page.goto(`/sign-in?callbackUrl=${encodeURIComponent(to)}`);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in/);
}

test('authenticator app: set up with the shown key, recovery codes shown once; then sign-in asks for a code', async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  await signIn(page, account.email, { password: account.password, to: '/settings/security' });
  await expect(page.getByRole('button', { name: 'Set up authenticator app' })).toBeVisible();
  await screen(page, 'second-factor-off');

  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const shown = page.getByTestId('totp-secret');
  await expect(shown).toBeVisible();
  const secret = (await shown.getAttribute('data-secret'))!;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(shown).toHaveText(secret.match(/.{4}/g)!.join(' '));
  // a QR code of the otpauth:// link to scan, drawn in the page (a data: URL, no request carries the secret)
  const qr = page.getByRole('img', { name: 'QR code of the setup key for your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await screen(page, 'second-factor-totp-setup');

  await page.getByLabel('Code from the app').fill('000000' === (await generate({ secret })) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(
    page.getByText('This is not the current code of your authenticator app.', { exact: false }),
  ).toBeVisible();
  await page.getByLabel('Code from the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByTestId('recovery-code');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allTextContents()).map((c) => c.trim());
  await screen(page, 'second-factor-recovery-codes');
  await expect(page.getByRole('button', { name: 'Done' })).toBeDisabled();
  await page.getByLabel('I have saved these codes').check();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(/On since .*10 of 10 recovery codes left\./)).toBeVisible();
  await screen(page, 'second-factor-on');

  await signOut(page);
  await passwordStep(page, account);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  // the password alone made no session
  expect((await page.request.get('/api/v37/my/account/secondfactor')).status()).toBe(401);
  await page.getByLabel('Code', { exact: true }).fill('12345x');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The code is wrong or expired.', { exact: false })).toBeVisible();
  await screen(page, 'second-factor-code-step');
  // the enrolment's code was taken: the next step's code (accepted as one step of drift)
  await page
    .getByLabel('Code', { exact: true })
    .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/settings\/security/);
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible();

  // a recovery code, once
  await signOut(page);
  await passwordStep(page, account);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recovery[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/settings\/security/);
  await expect(page.getByText(/9 of 10 recovery codes left\./)).toBeVisible();
});

test('passkey (virtual authenticator): added in Settings > Security, then signs in without a password and as the second step', async ({
  page,
  context,
  request,
}) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const account = await newAccount(request);
  await signIn(page, account.email, { password: account.password, to: '/settings/security' });
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Give the passkey a name.')).toBeVisible();
  await page.getByLabel('Name').fill('Virtual laptop');
  await page.getByRole('button', { name: 'Continue' }).click();
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByText('Virtual laptop')).toBeVisible();
  await expect(list.getByText(/not used yet/)).toBeVisible();
  await screen(page, 'second-factor-passkey-added');
  // the authenticator holds one discoverable credential for this site
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

  // usernameless: no e-mail, no password
  await signOut(page);
  await screen(page, 'second-factor-sign-in');
  await page.goto('/sign-in?callbackUrl=%2Fsettings%2Fsecurity');
  await page.getByRole('button', { name: 'Use a passkey', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/security/);
  await expect(list.getByText(/last used/)).toBeVisible();

  // the password now needs a second step; the passkey answers it
  await signOut(page);
  await passwordStep(page, account);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expect(page).toHaveURL(/\/settings\/security/);
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible();
});

test("the organization owner's rule: turning it on needs the owner's own second factor", async ({ page }) => {
  await signIn(page, DEMO.owner, { to: '/settings/security' });
  const rule = page.getByLabel('Require a second factor for administrators');
  await expect(rule).toBeVisible();
  await expect(rule).not.toBeChecked();
  await rule.click();
  await expect(
    page.getByText('Set up an authenticator app or add a passkey above first', { exact: false }),
  ).toBeVisible();
  await expect(rule).not.toBeChecked();
  await screen(page, 'second-factor-org-rule');
});

test("an administrator the organization's rule stops is told so on every page, and where to lift it", async ({
  page,
}) => {
  // The API's refusal of such an administrator is proven in tests/api (policy, second-factors);
  // here the portal: the demo organization's rule is played as on and the admin's factors as
  // none (the demo's shared organization cannot change its rule under the other specs).
  const played = async (path: string, change: (result: Record<string, unknown>) => Record<string, unknown>) =>
    page.route(path, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const real = await route.fetch();
      const body = await real.json();
      await route.fulfill({ response: real, json: { ...body, result: change(body.result) } });
    });
  await played('**/api/v37/organization/*/security', (r) => ({ ...r, requireSecondFactor: true }));
  await played('**/api/v37/my/account/secondfactor', (r) => ({ ...r, enabled: false }));
  await signIn(page, DEMO.admin, { to: '/organization/groups' });
  const banner = page.getByRole('status').filter({ hasText: 'requires administrators to use a second factor' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('not manage people, groups, access links');
  await screen(page, 'second-factor-rule-banner');
  await page.goto('/devices');
  await expect(banner).toBeVisible();
  await banner.getByRole('link', { name: 'Add a second factor in Settings › Security' }).click();
  await expect(page).toHaveURL(/\/settings\/security$/);
  // there the card says it in place, once
  await expect(
    page.getByRole('alert').filter({ hasText: 'requires administrators to use a second factor' }),
  ).toBeVisible();
  await expect(banner).toHaveCount(0);
  await screen(page, 'second-factor-rule-in-place');
});

test('no banner while the rule is off (the demo organization)', async ({ page }) => {
  const rule = page.waitForResponse((r) => /\/api\/v37\/organization\/\d+\/security$/.test(new URL(r.url()).pathname));
  await signIn(page, DEMO.admin, { to: '/organization/groups' });
  expect((await (await rule).json()).result).toEqual({ requireSecondFactor: false });
  await expect(page.getByRole('heading', { name: 'Groups' })).toBeVisible();
  await expect(page.getByText('requires administrators to use a second factor')).toHaveCount(0);
});
