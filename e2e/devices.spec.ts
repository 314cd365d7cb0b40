import type { Page } from '@playwright/test';
import { DEMO, expect, screen, signIn, test } from './fixtures';

/** A demo device id by name, through the API the portal uses. */
async function deviceId(page: Page, name: string): Promise<number> {
  const res = await page.request.get('/api/v37/my/device');
  expect(res.status()).toBe(200);
  const found = ((await res.json()).result as Array<{ id: number; name: string }>).find((d) => d.name === name);
  expect(found, `demo device "${name}"`).toBeTruthy();
  return found!.id;
}

test('an owner unlocks the front door and sees the lock answer', async ({ page }) => {
  await signIn(page, DEMO.owner);
  await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Front door', exact: true })).toBeVisible();
  await screen(page, 'devices-list');
  await page.getByRole('link', { name: 'Front door', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Front door' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'PINs' })).toBeVisible();
  await expect(page.getByLabel('Lock state')).toHaveText(/Locked/);
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  const status = page.getByRole('status').filter({ hasText: /lock/i });
  await expect(status).toHaveText(/Sending to the lock|The lock is working/);
  await expect(page.getByRole('status').filter({ hasText: 'Unlocked' })).toBeVisible();
  await expect(page.getByLabel('Lock state')).toHaveText('Unlocked');
  await screen(page, 'lock-unlocked');
});

test('the simulator makes the next command jam, then time out, and the page says so', async ({ page }) => {
  await signIn(page, DEMO.owner);
  const id = await deviceId(page, 'Back door');
  await page.goto(`/devices/${id}`);
  await page.getByRole('button', { name: 'Next command jams' }).click();
  await expect(page.getByText('Armed: the next command jams')).toBeVisible();
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The lock jammed' })).toBeVisible();
  await expect(page.getByLabel('Lock state')).toHaveText('Jammed (semi-locked)');
  await page.getByRole('button', { name: 'Next command times out' }).click();
  await expect(page.getByText('Armed: the next command times out')).toBeVisible();
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The lock did not answer in time' })).toBeVisible();
  await expect(page.getByText('Armed: the next command times out')).toBeHidden();
  await screen(page, 'lock-timed-out');
});

test('a command on a lock whose bridge is offline says the lock is offline', async ({ page }) => {
  await signIn(page, DEMO.owner);
  const id = await deviceId(page, 'Garage side door');
  await page.goto(`/devices/${id}`);
  await expect(page.getByText('The lock is offline: its bridge is disconnected.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unlock', exact: true })).toBeDisabled();
  // heard last when its bridge was (three days ago in the demo), never "never"
  await expect(page.getByText(/Last seen \d{1,2} \w{3} \d{4}, \d\d:\d\d Europe\/\w+ \(3 days ago\)/)).toBeVisible();
});

test('syncing an unlinked gate: still unlinked, then linked once it is back in the gate system', async ({
  page,
  baseURL,
}) => {
  await signIn(page, DEMO.owner, { to: '/gates' });
  const row = page.getByRole('row').filter({ hasText: 'Old service gate' });
  await expect(row.getByText('Unlinked', { exact: true })).toBeVisible();
  await expect(row.getByText(/no longer in the external gate system/)).toBeVisible();
  await row.getByRole('button', { name: 'Sync Old service gate' }).click();
  await expect(row.getByText('Synced: unlinked')).toBeVisible();
  // someone adds it back in the external gate system (simulator control plane)
  const added = await page.request.post('/api/sim/gate', {
    data: {
      action: 'add',
      externalId: 'ext-gate-0999',
      name: 'Service gate (back)',
      impulseLength: 900,
      firmware: '4.0.0',
    },
    headers: { origin: baseURL! },
  });
  expect(added.status()).toBe(200);
  await row.getByRole('button', { name: 'Sync Old service gate' }).click();
  await expect(row.getByText('Synced: connected')).toBeVisible();
  await expect(row.getByText('0.9 s', { exact: true })).toBeVisible();
  await screen(page, 'gates');
});

test('a guest without remote access is not offered Unlock, and is told why; nor the simulator, which is for managers', async ({
  page,
}) => {
  await signIn(page, DEMO.guest);
  const id = await deviceId(page, 'Storage room');
  await page.goto(`/devices/${id}`);
  await expect(page.getByRole('heading', { name: 'Storage room' })).toBeVisible();
  await expect(
    page.getByText('Remote opening is disabled for you on Storage room: you can open it only at the door.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unlock', exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Simulator/ })).toHaveCount(0);
  await screen(page, 'lock-guest-disabled');
});

test('API paths answer with a trailing slash too', async ({ page }) => {
  await signIn(page, DEMO.owner);
  const res = await page.request.get('/api/v37/my/lock/', { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect((await res.json()).result.length).toBeGreaterThan(0);
});

test('screens at phone and desktop width', async ({ page }) => {
  await signIn(page, DEMO.owner);
  const id = await deviceId(page, 'Front door');
  for (const [w, h, tag] of [
    [1280, 900, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    const pages = [
      ['/devices', 'devices', 'Back door'],
      [`/devices/${id}`, 'lock', 'Operate'],
      ['/gates', 'gates', 'Parking barrier'],
      ['/door-sensors', 'door-sensors', 'Back door sensor'],
    ] as const;
    for (const [path, name, text] of pages) {
      await page.goto(path);
      await expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible();
      await screen(page, `h3-${name}-${tag}`);
    }
  }
});

test('an administrator sees in Devices, in words, that the lock behind a bridge they do not administer cannot open', async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  const row = page.getByRole('row').filter({ hasText: 'Garage side door' });
  await expect(row).toContainText('Cannot open');
  await expect(row).toContainText('Its bridge is offline: nobody can open it from afar until the bridge is back.');
  // the bridge is not theirs: it is neither listed nor named
  await expect(page.getByText('Garage bridge')).toHaveCount(0);
  // the box follows the URL: a click navigates, then the box shows ticked
  await page.getByLabel('Only devices with problems').click();
  await expect(page).toHaveURL(/problems=1/);
  await expect(page.getByLabel('Only devices with problems')).toBeChecked();
  await expect(page.getByRole('row').filter({ hasText: 'Garage side door' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Front door' })).toHaveCount(0);
});
