import { DEMO, expect, screen, signIn, test } from './fixtures';

// Screenshots of the sign-in page and the shell at desktop and phone width, for review by eye.
for (const [label, width, height] of [
  ['desktop', 1280, 800],
  ['phone', 390, 844],
] as const) {
  test.describe(`screens at ${label} width`, () => {
    test.use({ viewport: { width, height } });

    test('sign-in page', async ({ page }) => {
      await page.goto('/sign-in');
      await expect(page.getByRole('heading', { name: 'Sign in to Smart-lock cloud' })).toBeVisible();
      await expect(page.getByText('Demo accounts')).toBeVisible();
      await screen(page, `sign-in-${width}`);
      await page.getByLabel('E-mail').fill(DEMO.owner);
      await page.getByLabel('Password').fill('wrong');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'incorrect' })).toBeVisible();
      await screen(page, `sign-in-error-${width}`);
    });

    test('signed-in shell', async ({ page }) => {
      await signIn(page, DEMO.owner);
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await page.waitForLoadState('networkidle'); // the page's own data, not its skeleton
      await screen(page, `shell-${width}`);
      if (width < 1024) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        await screen(page, `shell-menu-${width}`);
      }
    });
  });
}
