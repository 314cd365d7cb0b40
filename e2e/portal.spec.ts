import { DEMO, expect, signIn, test } from './fixtures';

test.describe('signing in and the portal shell', () => {
  test('the owner signs in and lands on the devices with the navigation and their account', async ({ page }) => {
    await signIn(page, DEMO.owner);
    await expect(page).toHaveURL(/\/devices$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of [
      'Devices',
      'Gates',
      'Door sensors',
      'Activity',
      'Groups',
      'Access links',
      'Members',
      'Access keys',
      'Webhooks',
    ]) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Devices', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Gates', exact: true })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('banner')).toContainText('owner@demo.test');
    await expect(page.getByRole('banner')).toContainText('Demo Property Management');
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  });

  test('a device that cannot exist, or that the user cannot see, is a plain not-found page', async ({ page }) => {
    await signIn(page, DEMO.outsider);
    for (const path of [
      '/devices/abc',
      '/devices/0',
      '/devices/1',
      '/devices/1/pins',
      '/devices/1/access',
      '/devices/1/activity',
    ]) {
      // the portal streams (loading.tsx), so the status line is sent before the page knows: assert what the user sees
      await page.goto(path);
      // the same words whether the door does not exist or is not theirs (the API answers 404 alike)
      await expect(
        page.getByRole('main').getByRole('heading', { name: 'You no longer have access to this door' }),
        path,
      ).toBeVisible();
    }
  });

  test('a wrong password shows a clear error and stays on the sign-in page', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('E-mail').fill(DEMO.owner);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'incorrect' })).toHaveText(
      'E-mail or password is incorrect.',
    );
    await expect(page).toHaveURL(/\/sign-in/);
    // the form is usable again for the next try
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  test('empty fields are explained next to them before anything is sent', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter your e-mail address.')).toBeVisible();
    await expect(page.getByText('Enter your password.')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  test('picking a demo account fills the form', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('button', { name: /guest@demo\.test/ }).click();
    await expect(page.getByLabel('E-mail')).toHaveValue('guest@demo.test');
    await expect(page.getByLabel('Password')).toHaveValue('demo-password');
  });

  test('signing out returns to the sign-in page and the portal is closed again', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.goto('/devices');
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test('an unauthenticated visit is sent to sign-in and comes back after signing in', async ({ page }) => {
    await page.goto('/devices');
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fdevices/);
    await page.getByLabel('E-mail').fill(DEMO.member);
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/devices$/);
    await expect(page.getByRole('banner')).toContainText('member@demo.test');
  });

  test('a user outside any organization sees the shell without an organization', async ({ page }) => {
    await signIn(page, DEMO.outsider);
    await expect(page.getByRole('banner')).toContainText('outsider@demo.test');
    await expect(page.getByRole('banner')).not.toContainText('Demo Property Management');
  });

  test('on a phone the navigation folds into a menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.owner);
    const menu = page.getByRole('button', { name: 'Open menu' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('link', { name: 'Webhooks' })).toBeHidden();
    await menu.click();
    await page.getByRole('link', { name: 'Activity', exact: true }).click();
    await expect(page).toHaveURL(/\/activity/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  });

  test('dialogs hold the keyboard focus, close with Esc and give focus back', async ({ page }) => {
    await signIn(page, DEMO.owner, { to: '/settings/access-keys' });
    const opener = page.getByRole('button', { name: 'Create key' }).first();
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Create an access key' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    const focusInside = () => dialog.evaluate((el) => el.contains(document.activeElement));
    for (let i = 0; i < 30; i++) {
      expect(await focusInside()).toBe(true);
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
