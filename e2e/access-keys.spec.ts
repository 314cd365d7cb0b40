import { DEMO, expect, screen, signIn, test } from './fixtures';

/** The story of a personal access key: created in the portal, copied once, used, revoked. */
const LIST = '/api/v37/my/personalaccesskey';

test.describe('Settings > Access keys', () => {
  test('create a key with two scopes, copy it, use it with both header forms, revoke it', async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, DEMO.owner, { to: '/settings' });
    await expect(page).toHaveURL(/\/settings\/access-keys$/);
    await expect(page.getByRole('heading', { name: 'Access keys', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Create key' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create an access key' });
    // nothing chosen yet: the form explains, nothing is sent
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByText('Give the key a name')).toBeVisible();
    await expect(dialog.getByText('Choose at least one scope.')).toBeVisible();
    // the keyboard is taken to the first thing to fix
    await expect(dialog.getByLabel('Name')).toBeFocused();

    const name = `Playwright ${Date.now()}`;
    await dialog.getByRole('checkbox', { name: /^Account\.Read\s/ }).check();
    await dialog.getByRole('checkbox', { name: /^Device\.Read\s/ }).check();
    await dialog.getByLabel('30 days').check();
    // a name of zero-width spaces passes the form's own check; the server's refusal is said under it
    await dialog.getByLabel('Name').fill('\u200b');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription(/Must show at least one visible character/);
    await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await screen(page, 'access-keys-refused');
    // it goes as the name is edited, not at the next submit
    await dialog.getByLabel('Name').fill(name);
    await expect(dialog.getByLabel('Name')).not.toHaveAccessibleDescription(/visible character/);
    await expect(dialog.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
    await screen(page, 'access-keys-create');
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new access key' });
    await expect(shown.getByText("you won't see it again")).toBeVisible();
    const key = await shown.getByLabel(/Your new key/).inputValue();
    expect(key).toMatch(/^slk_[0-9a-f]{8}_/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect(shown.getByText('Copied to the clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await screen(page, 'access-keys-new-key');
    await shown.getByRole('button', { name: 'I have copied it' }).click();

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(`slk_${key.slice(4, 12)}_`);
    await expect(row).toContainText('Account.Read');
    await expect(row).toContainText('Device.Read');
    await expect(row).toContainText('Never');
    await expect(row).toContainText('Active');
    await expect(page.getByText(key)).toHaveCount(0); // the list never shows the key

    for (const scheme of ['Bearer', 'PersonalKey']) {
      const res = await request.get(LIST, { headers: { authorization: `${scheme} ${key}` } });
      expect(res.status(), scheme).toBe(200);
      expect((await res.json()).result.some((k: { name: string }) => k.name === name)).toBe(true);
    }
    // its scopes are what was chosen: no writes
    expect(
      (
        await request.post(LIST, {
          headers: { authorization: `Bearer ${key}` },
          data: { name: 'x', scopes: ['Account.Read'] },
        })
      ).status(),
    ).toBe(403);

    // last use is recorded after the answer (never on the request's path): reload until it shows
    await expect(async () => {
      await page.reload();
      await expect(row).not.toContainText('Never', { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await screen(page, 'access-keys-list');

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Revoke “${name}”?` });
    await expect(confirm).toContainText('stops working at once');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(page.getByText('Key revoked')).toBeVisible();
    await expect(row).toHaveCount(0);

    const after = await request.get(LIST, { headers: { authorization: `PersonalKey ${key}` } });
    expect(after.status()).toBe(401);
    expect(after.headers()['www-authenticate']).toBe('Bearer error="invalid_token"');

    await page.getByRole('button', { name: /Show revoked keys/ }).click();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Revoked');
  });

  test('the page on a phone', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.admin, { to: '/settings/access-keys' });
    await expect(page.getByRole('heading', { name: 'Access keys', exact: true })).toBeVisible();
    await expect(page.getByText('No access keys yet')).toBeVisible(); // the admin has none in the demo
    await screen(page, 'access-keys-phone');
    await page.getByRole('button', { name: 'Create key' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Create an access key' })).toBeVisible();
    await screen(page, 'access-keys-create-phone');

    // The portal's own session may create keys, but only from its own origin.
    const body = { name: 'Phone list', scopes: ['Device.Read', 'Lock.Operate', 'DeviceActivity.Read'], days: 3 };
    expect((await page.request.post(LIST, { data: body })).status()).toBe(403);
    expect((await page.request.post(LIST, { data: body, headers: { origin: baseURL! } })).status()).toBe(201);
    await page.reload();
    const card = page.getByRole('listitem').filter({ hasText: 'Phone list' });
    await expect(card).toContainText('Expires soon');
    await expect(card.getByRole('button', { name: 'Revoke Phone list' })).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden(); // cards instead of a table that scrolls sideways
    await screen(page, 'access-keys-list-phone');
  });
});
