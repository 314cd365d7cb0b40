import type { Page } from '@playwright/test';
import { DEMO, expect, screen, signIn, test } from './fixtures';

/** Managing devices in the portal (issue 19): lock settings, gates, door sensors. */

async function deviceId(page: Page, name: string): Promise<number> {
  const res = await page.request.get('/api/v37/my/device');
  const found = ((await res.json()).result as Array<{ id: number; name: string }>).find((d) => d.name === name);
  expect(found, `demo device "${name}"`).toBeTruthy();
  return found!.id;
}

test('a setting changed in the portal reaches the lock: it auto-locks after the new delay', async ({ page }) => {
  await signIn(page, DEMO.owner);
  const id = await deviceId(page, 'Office');
  await page.goto(`/devices/${id}`);
  await page.getByRole('navigation', { name: 'Device sections' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Auto lock', exact: true })).toBeVisible();
  await expect(page.getByLabel('Auto lock', { exact: true })).toBeChecked();
  await expect(page.getByLabel('Auto lock after (seconds)')).toHaveValue('30');
  await page.getByLabel('Auto lock after (seconds)').fill('0');
  await expect(page.getByText('A whole number of seconds from 1 to 3600')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.getByLabel('Auto lock after (seconds)').fill('3');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Waiting for the lock to confirm the new settings' }),
  ).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Saved; the lock confirmed the new settings.' }),
  ).toBeVisible();
  await screen(page, 'lock-settings-saved');

  await page.getByRole('navigation', { name: 'Device sections' }).getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByLabel('Lock state')).toHaveText('Locked');
  // timed from the click: when the page saw "Unlocked" depends on a busy machine, the click does not
  const clicked = Date.now();
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Unlocked' })).toBeVisible();
  await expect(page.getByLabel('Lock state')).toHaveText('Unlocked');
  // the lock locks itself three seconds after it unlocked (the default would be 30 s: past the wait)
  await expect(page.getByLabel('Lock state')).toHaveText('Locked', { timeout: 25_000 });
  expect(Date.now() - clicked).toBeGreaterThanOrEqual(3000);
  await page.getByRole('navigation', { name: 'Device sections' }).getByRole('link', { name: 'Activity' }).click();
  const entries = page.getByRole('list', { name: 'Activity entries' });
  await expect(entries.getByRole('listitem').first()).toContainText('Locked automatically');
  await expect(entries.getByText('Settings changed').first()).toBeVisible();
});

test('someone else changed the settings meanwhile: the page says so and reloads theirs', async ({ page }) => {
  await signIn(page, DEMO.owner);
  const id = await deviceId(page, 'Front door');
  await page.goto(`/devices/${id}/settings`);
  await expect(page.getByLabel('Button locks')).toBeChecked();
  // another administrator saves first, through the API
  const lock = (await (await page.request.get(`/api/v37/my/lock/${id}`)).json()).result;
  const other = await page.request.patch('/api/v37/my/lock', {
    data: { id, revision: lock.revision, deviceSettings: { buttonLockEnabled: false } },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(other.status()).toBe(200);
  await page.getByLabel('Pull the latch after every unlock').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Someone else changed this lock’s settings while you were editing' }),
  ).toBeVisible();
  await screen(page, 'lock-settings-conflict');
  await page.getByRole('button', { name: 'Reload their settings' }).click();
  await expect(page.getByLabel('Button locks')).not.toBeChecked();
  await expect(page.getByLabel('Pull the latch after every unlock')).not.toBeChecked();
});

test('a guest sees the settings but no way to change them, with the reason', async ({ page }) => {
  await signIn(page, DEMO.guest);
  const id = await deviceId(page, 'Storage room');
  await page.goto(`/devices/${id}/settings`);
  await expect(page.getByText('Only an owner or administrator of Storage room can change its settings.')).toBeVisible();
  await expect(page.getByText('Button unlocks').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await screen(page, 'lock-settings-guest');
});

test('gates: open one, sync all to find a gate added in the gate system, delete it after confirming; unlinked gates explained', async ({
  page,
  baseURL,
}) => {
  await signIn(page, DEMO.owner, { to: '/gates' });
  const main = page.getByRole('row').filter({ hasText: 'Main gate' });
  await main.getByRole('button', { name: 'Open Main gate' }).click();
  await expect(main.getByRole('status')).toHaveText('Opened', { timeout: 20_000 });
  const old = page.getByRole('row').filter({ hasText: 'Old service gate' });
  await expect(old.getByText(/Unlinked: this gate is no longer in the external gate system/)).toBeVisible();
  await expect(old.getByRole('button', { name: 'Open Old service gate' })).toBeDisabled();

  // someone adds a gate to the owner's account in the external gate system (simulator control plane)
  const added = await page.request.post('/api/sim/gate', {
    data: { action: 'add', externalId: 'ext-gate-2001', name: 'Garden gate', impulseLength: 1200, firmware: '4.3.0' },
    headers: { origin: baseURL! },
  });
  expect(added.status()).toBe(200);
  await expect(page.getByRole('row').filter({ hasText: 'Garden gate' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sync all gates' }).click();
  await expect(page.getByText('Synchronized: 1 new gate added')).toBeVisible();
  const garden = page.getByRole('row').filter({ hasText: 'Garden gate' });
  await expect(garden.getByText('1.2 s', { exact: true })).toBeVisible();
  await expect(garden.getByRole('button', { name: 'Delete Garden gate' })).toBeVisible();
  await screen(page, 'gates-managed');

  await garden.getByRole('button', { name: 'Delete Garden gate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Garden gate?' });
  await expect(dialog.getByText('the next full sync adds it back as a new gate')).toBeVisible();
  await screen(page, 'gates-delete-confirm');
  await dialog.getByRole('button', { name: 'Delete gate' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Garden gate' })).toHaveCount(0);
});

test('a guest may open the gate shared with them, but neither sync nor delete it', async ({ page }) => {
  await signIn(page, DEMO.guest, { to: '/gates' });
  const main = page.getByRole('row').filter({ hasText: 'Main gate' });
  await expect(main).toBeVisible();
  await expect(main.getByRole('button', { name: 'Sync Main gate' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Delete Main gate' })).toHaveCount(0);
  await screen(page, 'gates-guest');
});

test('door sensors: rename one, then remove it after confirming; its lock then has no door sensor', async ({
  page,
}) => {
  await signIn(page, DEMO.owner, { to: '/door-sensors' });
  const row = page.getByRole('row').filter({ hasText: 'Front door sensor' });
  await expect(row.getByText('Door closed')).toBeVisible();
  await row.getByRole('button', { name: 'Rename Front door sensor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename Front door sensor' });
  await dialog.getByLabel('Name').fill('Front door contact');
  await screen(page, 'door-sensor-rename');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  const renamed = page.getByRole('row').filter({ hasText: 'Front door contact' });
  await expect(renamed).toBeVisible();
  await renamed.getByRole('button', { name: 'Remove Front door contact' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Front door contact?' });
  await expect(confirm.getByText('It is unpaired from Front door')).toBeVisible();
  await confirm.getByRole('button', { name: 'Remove sensor' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Front door contact' })).toHaveCount(0);
  await screen(page, 'door-sensors-after-remove');
  const lockId = await deviceId(page, 'Front door');
  await page.goto(`/devices/${lockId}`);
  await expect(page.getByText('No door sensor')).toBeVisible();
});

test('settings, gates and door sensors at phone and desktop width', async ({ page }) => {
  await signIn(page, DEMO.owner);
  const id = await deviceId(page, 'Back door');
  for (const [w, h, tag] of [
    [1280, 900, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const [path, name, text] of [
      [`/devices/${id}/settings`, 'lock-settings', 'Latch held open for'],
      ['/gates', 'gates', 'Parking barrier'],
      ['/door-sensors', 'door-sensors', 'Back door sensor'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible();
      await screen(page, `i19-${name}-${tag}`);
    }
  }
});
