import type { Page } from '@playwright/test';
import { DEMO, expect, screen, signIn, test } from './fixtures';

/**
 * Issue 33's small findings, looked at as an owner would at desktop and phone width: a future PIN
 * says when it starts, Add PIN on an offline lock says why beside it, a link that has not started
 * says when it does, a disabled gate Open says why in visible text, and no jargon on the lock page.
 */
const DAY = 86_400_000;
const PHONE = { width: 390, height: 844 };

async function lockId(page: Page, name: string): Promise<number> {
  const locks = (await (await page.request.get('/api/v37/my/lock')).json()).result as Array<{
    id: number;
    name: string;
  }>;
  return locks.find((l) => l.name === name)!.id;
}

test('PINs tab: a future PIN says when it starts; Add PIN on an offline lock says why', async ({ page }) => {
  await signIn(page, DEMO.owner);
  const origin = new URL(page.url()).origin;
  const front = await lockId(page, 'Front door');
  const start = new Date(Math.ceil((Date.now() + 3 * DAY) / 3_600_000) * 3_600_000);
  const made = await page.request.post(`/api/v37/my/lock/${front}/pin`, {
    headers: { origin },
    data: { alias: `Painter ${Date.now() % 1000}`, pin: '583920', startDate: start.toISOString() },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.goto(`/devices/${front}/pins`);
  const row = page.getByRole('row', { name: /Painter/ });
  await expect(row).toContainText(/Starts \d+ \w{3}( \d{4})? \d\d:\d\d \(Europe\/Warsaw\)/);
  await expect(row).not.toContainText('Never used');
  await expect(page.getByText(/list version/)).toHaveCount(0);
  await screen(page, 'i33-pins-future-1280');
  await page.setViewportSize(PHONE);
  await screen(page, 'i33-pins-future-390');

  // Garage side door is behind the demo's offline bridge
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/devices/${await lockId(page, 'Garage side door')}/pins`);
  await expect(page.getByRole('button', { name: 'Add PIN' })).toBeDisabled();
  await expect(page.getByRole('note')).toContainText(/PINs cannot be added now: Garage side door is offline/);
  await screen(page, 'i33-pins-offline-1280');
  await page.setViewportSize(PHONE);
  await screen(page, 'i33-pins-offline-390');
});

test('a link that has not started says when it works from', async ({ page, browser }) => {
  await signIn(page, DEMO.owner, { to: '/organization/access-links' });
  const orgId = (await (await page.request.get('/api/v37/organization')).json()).result.organizations[0].id;
  const devices = await (
    await page.request.get(`/api/v37/organization/${orgId}/accesslink/device/assignable?filters.DeviceName=Main gate`)
  ).json();
  const start = new Date(Math.ceil((Date.now() + 2 * DAY) / 3_600_000) * 3_600_000);
  const made = await page.request.post(`/api/v37/organization/${orgId}/accesslink`, {
    headers: { origin: new URL(page.url()).origin },
    data: {
      name: `Later ${Date.now()}`,
      description: 'Window cleaners, next week',
      devicesIds: [devices.result.accessLinkDevices[0].deviceId],
      repeatEvent: { startDate: start.toISOString(), endDate: new Date(start.getTime() + DAY).toISOString() },
    },
  });
  expect(made.status()).toBe(201);
  const ctx = await browser.newContext();
  const guest = await ctx.newPage();
  await guest.goto((await made.json()).result.url);
  await expect(guest.getByRole('heading', { name: 'This link is not valid yet' })).toBeVisible();
  await expect(guest.getByText(/It works from \d+ \w{3} \d{4}, \d\d:00 \(Europe\/Warsaw\)\./)).toBeVisible();
  await expect(guest.getByText('Window cleaners')).toHaveCount(0);
  await screen(guest, 'i33-link-later-1280');
  await guest.setViewportSize(PHONE);
  await screen(guest, 'i33-link-later-390');
  await ctx.close();
});

test('a disabled gate Open says why in words; the lock page speaks without jargon', async ({ page }) => {
  await signIn(page, DEMO.owner, { to: '/gates' });
  // the demo's unlinked and disconnected gates (other tests of the run may have removed the first)
  await expect(
    page
      .getByText(
        /^Cannot be opened( now)?: (this gate is no longer in the gate system|the gate system reports it offline)\.$/,
      )
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await expect(page.getByText(/Impulse|\d ms\b/)).toHaveCount(0);
  await screen(page, 'i33-gates-1280');
  await page.setViewportSize(PHONE);
  await screen(page, 'i33-gates-390');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/devices/${await lockId(page, 'Front door')}`);
  await expect(page.getByRole('heading', { name: 'Front door' }).first()).toBeVisible();
  await screen(page, 'i33-lock-1280');
  await page.setViewportSize(PHONE);
  await screen(page, 'i33-lock-390');
  // the settings: no revision numbers, no "asynchronous"
  await page.setViewportSize({ width: 1280, height: 800 });
  const settings = page.getByRole('link', { name: 'Settings', exact: true });
  if (await settings.count()) {
    await settings.first().click();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(/revision \d|asynchronous/i)).toHaveCount(0);
    await expect(page.getByText('Confirm commands after carrying them out')).toBeVisible();
    await screen(page, 'i33-lock-settings-1280');
  }
});
