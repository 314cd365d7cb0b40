import { DEMO, expect, screen, signIn, test } from './fixtures';
import type { Page } from '@playwright/test';

/** The id of a seeded device by name, read through the API as the signed-in user. */
async function deviceId(page: Page, name: string): Promise<number> {
  const res = await page.request.get('/api/v37/my/device/details');
  const r = (await res.json()).result as Record<string, { id: number; name: string }[]>;
  const found = Object.values(r)
    .flat()
    .find((d) => d.name === name);
  if (!found) throw new Error(`no device ${name}`);
  return found.id;
}

test('the owner shares a lock with a new e-mail, sees it pending, and revokes it', async ({ page }) => {
  await signIn(page, DEMO.owner);
  const id = await deviceId(page, 'Back door');
  await page.goto(`/devices/${id}/access`);
  await expect(page.getByRole('heading', { name: 'Back door' })).toBeVisible();
  await expect(page.getByRole('cell', { name: /Owner/ }).first()).toBeVisible();

  const email = `friend-${Date.now()}@example.test`;
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this device' });
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(dialog.getByText('Enter an e-mail address like name@example.com.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByLabel('Daily from').fill('22:00');
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(dialog.getByLabel('Daily until')).toHaveAccessibleDescription(/Give both times of the daily window/);
  // the message goes as soon as the window's end is given, not at the next submit
  await dialog.getByLabel('Daily until').fill('06:00');
  await expect(dialog.getByText('Give both times of the daily window, or neither.')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
  await expect(row.getByText('Invitation sent')).toBeVisible();
  await expect(row.getByText(/22:00 to 06:00 next day Europe\//)).toBeVisible();
  await screen(page, 'sharing-pending-desktop');

  await row.getByRole('button', { name: /Edit access/ }).click();
  const edit = page.getByRole('dialog', { name: /Edit access of/ });
  await edit.getByLabel('Saturday').uncheck();
  await edit.getByLabel('Sunday').uncheck();
  await screen(page, 'sharing-edit');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByText('Mon–Fri')).toBeVisible();

  await row.getByRole('button', { name: /Revoke access/ }).click();
  const confirm = page.getByRole('dialog', { name: /Revoke access of/ });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveCount(0);
});

test('sharing twice with the same e-mail shows the server message', async ({ page }) => {
  await signIn(page, DEMO.owner);
  const id = await deviceId(page, 'Office');
  await page.goto(`/devices/${id}/access`);
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this device' });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(DEMO.guest);
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(dialog.getByRole('alert')).toContainText('already has an access');
  // about the person, not one field: above the form, with the focus on it so it is read out
  await expect(dialog.getByRole('alert')).toBeFocused();
  await screen(page, 'sharing-refused');
});

test('a guest sees the owner and their own access, without management buttons', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.guest);
  const id = await deviceId(page, 'Office');
  await page.goto(`/devices/${id}/access`);
  // inside <main>: while streaming, React briefly keeps a hidden copy of the content outside it
  await expect(page.getByRole('main').getByText('You see the owner and your own access.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: 'People and groups with access' }).getByText(/08:00–17:00 /),
  ).toBeVisible();
  await screen(page, 'sharing-guest-phone');
});

// An invited person signing up, confirming the address and accepting the invitation: e2e/mail.spec.ts.
