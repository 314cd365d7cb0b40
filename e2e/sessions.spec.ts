import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser } from '@playwright/test';
import { confirmedAccount, expect, screen, signIn, test } from './fixtures';

/**
 * Sessions that end (docs/security.md, "Sessions and sign-in"), seen from the browser: signing out
 * ends the session on the server; a password change and "sign out everywhere" in Settings >
 * Security end the others; a key asked for long after sign-in needs the password again.
 */
const COOKIE = 'next-auth.session-token';
const LIST = '/api/v37/my/personalaccesskey';

/** A new account of this test's own (the demo accounts are shared by every test). */
async function newAccount(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const account = { email: `session-${randomUUID()}@example.com`, password: `pw-${randomUUID()}` };
  await confirmedAccount(request, { ...account, displayName: 'Sam Session' });
  return account;
}

async function signedIn(browser: Browser, account: { email: string; password: string }, to = '/settings/security') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account.email, { password: account.password, to });
  return { context, page };
}

test('after sign-out, the old session cookie replayed is refused: 401 from the API, the sign-in page for pages', async ({
  browser,
  request,
  baseURL,
}) => {
  const account = await newAccount(request);
  const { context, page } = await signedIn(browser, account, '/settings/access-keys');
  const kept = (await context.cookies()).find((c) => c.name === COOKIE)!;
  expect((await page.request.get(LIST)).status()).toBe(200);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  await context.addCookies([{ name: COOKIE, value: kept.value, url: baseURL! }]);
  expect((await page.request.get(LIST)).status()).toBe(401);
  await page.goto('/settings/access-keys');
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fsettings%2Faccess-keys/);
  await context.close();
});

test('Settings > Security: a password change signs out the other browser at once; "sign out everywhere" ends this one too', async ({
  browser,
  request,
}) => {
  const account = await newAccount(request);
  const here = await signedIn(browser, account);
  const there = await signedIn(browser, account, '/settings/access-keys');
  const { page } = here;
  await expect(page.getByRole('heading', { name: 'Security', exact: true })).toBeVisible();

  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password', { exact: true }).fill('a brand new password');
  await page.getByLabel('New password again').fill('a brand new password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('This is not your password.')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveAccessibleDescription('This is not your password.');
  expect((await there.page.request.get(LIST)).status()).toBe(200);

  await page.getByLabel('Current password').fill(account.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Signed out of 1 other session.')).toBeVisible();
  await screen(page, 'security-password-changed');
  expect((await there.page.request.get(LIST)).status()).toBe(401);
  await there.page.reload().catch(() => undefined);
  await expect(there.page).toHaveURL(/\/sign-in/);
  expect((await page.request.get(LIST)).status()).toBe(200);

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const confirm = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await screen(page, 'security-sign-out-everywhere');
  await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fsettings%2Fsecurity/);
  expect((await page.request.get(LIST)).status()).toBe(401);
  // the new password signs in, the old one does not
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('E-mail or password is incorrect.')).toBeVisible();
  await page.getByLabel('Password').fill('a brand new password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/settings\/security$/);
  await here.context.close();
  await there.context.close();
});

test('a key asked for long after sign-in: the password again in a small dialog, then the key', async ({
  browser,
  request,
}) => {
  const account = await newAccount(request);
  const { context, page } = await signedIn(browser, account, '/settings/access-keys');
  // the session is fresh; the server's answer for one signed in 10+ minutes ago is played once
  let refusedOnce = false;
  await page.route('**/api/v37/my/personalaccesskey', async (route) => {
    if (route.request().method() !== 'POST' || refusedOnce) return route.continue();
    refusedOnce = true;
    const real = await route.fetch({ method: 'GET' }); // the server's headers
    await route.fulfill({
      status: 403,
      headers: { ...real.headers(), 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({
        success: false,
        errorMessages: ['Enter your password again to continue: you signed in more than 10 minutes ago.'],
        statusCode: 403,
      }),
    });
  });
  await page.getByRole('button', { name: 'Create key' }).first().click();
  const form = page.getByRole('dialog', { name: 'Create an access key' });
  await form.getByLabel('Name').fill('after a while');
  await form.getByRole('checkbox', { name: /^Device\.Read\s/ }).check();
  await form.getByRole('button', { name: 'Create key' }).click();

  const ask = page.getByRole('dialog', { name: 'Confirm your password' });
  await expect(ask).toContainText('signed in more than 10 minutes ago');
  await ask.getByLabel('Password').fill('wrong one');
  await ask.getByRole('button', { name: 'Confirm' }).click();
  await expect(ask.getByText('This is not your password.')).toBeVisible();
  await screen(page, 'access-keys-confirm-password');
  await ask.getByLabel('Password').fill(account.password);
  await ask.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog', { name: 'Your new access key' })).toBeVisible();
  await context.close();
});
