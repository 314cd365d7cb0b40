import { encode } from 'next-auth/jwt';
import { DEMO, expect, serverSecrets, signIn, test } from './fixtures';

/**
 * Signing in, out, and what happens when the session ends. Expiry is simulated by swapping the
 * session cookie for one whose lifetime has passed (signed with the server's secret, so only
 * its expiry is wrong), which keeps the suite fast instead of waiting for SESSION_MAX_AGE.
 */
const COOKIE = 'next-auth.session-token';
// A signed-in page of this area (the devices pages belong to another area).
const HOME = '/settings/access-keys';

test.describe('sign-in, sign-out and session expiry', () => {
  test('signing in opens the portal; signing out closes it', async ({ page }) => {
    await signIn(page, DEMO.owner, { to: HOME });
    await expect(page.getByRole('banner')).toContainText('owner@demo.test');
    expect((await page.context().cookies()).some((c) => c.name === COOKIE && c.httpOnly)).toBe(true);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    expect((await page.context().cookies()).some((c) => c.name === COOKIE)).toBe(false);
    await page.goto('/settings/access-keys');
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fsettings%2Faccess-keys/);
  });

  test('an expired session sends the user to sign-in, and the API answers 401', async ({ page, baseURL }) => {
    await signIn(page, DEMO.owner, { to: '/settings/access-keys' });
    await expect(page.getByRole('heading', { name: 'Access keys', exact: true })).toBeVisible();
    const [session] = (await page.context().cookies()).filter((c) => c.name === COOKIE);
    expect(session).toBeTruthy();

    // Correctly signed with the server secret, but its lifetime ended a minute ago.
    const expired = await encode({
      token: { sub: 'whoever', email: DEMO.owner },
      secret: serverSecrets().NEXTAUTH_SECRET,
      maxAge: -60,
    });
    await page.context().addCookies([{ name: COOKIE, value: expired, url: baseURL! }]);
    const api = await page.request.get('/api/v37/my/personalaccesskey');
    expect(api.status()).toBe(401);
    expect(api.headers()['www-authenticate']).toBe('Bearer');

    // Either path ends at sign-in: the server's redirect on reload, or the page's own API call
    // meeting a 401 first (which then supersedes the reload: that abort is expected).
    await page
      .reload()
      .catch((e: Error) => expect(e.message).toMatch(/ERR_ABORTED|frame was detached|Not attached to an active page/));
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('a session cookie that disappears (cleared by the browser) also ends the session', async ({ page }) => {
    await signIn(page, DEMO.admin, { to: HOME });
    await page.context().clearCookies();
    // As above: the server's redirect on reload, or the page's own API call meeting a 401 first
    // (lib/client/api.ts sends it to sign-in with the same callbackUrl, aborting the reload).
    await page
      .reload()
      .catch((e: Error) => expect(e.message).toMatch(/ERR_ABORTED|frame was detached|Not attached to an active page/));
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fsettings%2Faccess-keys/);
    // and signing in again brings the user back where they were
    await page.getByLabel('E-mail').fill(DEMO.admin);
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/settings\/access-keys$/);
    await expect(page.getByRole('banner')).toContainText('admin@demo.test');
  });

  test('a forged session (signed with another secret) is not accepted', async ({ page, baseURL }) => {
    const forged = await encode({
      token: { sub: 'x', email: DEMO.owner },
      secret: 'not-the-server-secret',
      maxAge: 3600,
    });
    await page.context().addCookies([{ name: COOKIE, value: forged, url: baseURL! }]);
    await page.goto(HOME);
    await expect(page).toHaveURL(/\/sign-in/);
  });
});
