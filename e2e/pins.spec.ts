import { DateTime } from 'luxon';
import type { Page } from '@playwright/test';
import { DEMO, expect, screen, signIn, test } from './fixtures';

/** The id of a demo lock by its name (db/seed/devices.ts), through the same API the portal uses. */
async function lockId(page: Page, name: string): Promise<number> {
  const res = await page.request.get('/api/v37/my/lock');
  expect(res.status()).toBe(200);
  const locks = (await res.json()).result as Array<{ id: number; name: string }>;
  const lock = locks.find((l) => l.name === name);
  expect(lock, `demo lock "${name}"`).toBeTruthy();
  return lock!.id;
}

test('the PIN list answers 304 with an empty body to a real HTTP client when the version is current', async ({
  page,
}) => {
  await signIn(page, DEMO.owner);
  const id = await lockId(page, 'Front door');
  const first = await page.request.get(`/api/v37/my/lock/${id}/pin`);
  expect(first.status()).toBe(200);
  const { listVersion, pins } = (await first.json()).result;
  expect(pins.length).toBeGreaterThan(0);
  expect(JSON.stringify(pins)).not.toMatch(/735190/); // values never in lists

  const again = await page.request.get(`/api/v37/my/lock/${id}/pin?listVersion=${listVersion}`);
  expect(again.status()).toBe(304);
  expect((await again.body()).length).toBe(0);
  expect(again.headers()['content-type']).toContain('application/json');

  const stale = await page.request.get(`/api/v37/my/lock/${id}/pin?listVersion=${listVersion - 1}`);
  expect(stale.status()).toBe(200);
});

test('an owner adds, edits and deletes a PIN on a demo lock', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => void (m.type() === 'error' && problems.push(m.text())));
  await signIn(page, DEMO.owner);
  const id = await lockId(page, 'Office');
  await page.goto(`/devices/${id}/pins`);
  await expect(page.getByText('No PINs yet')).toBeVisible();

  // add: the rules answer before anything is sent, the generator proposes a valid PIN
  await page.getByRole('button', { name: 'Add PIN' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a PIN' });
  await dialog.getByLabel('Alias').fill('Courier');
  await dialog.getByRole('textbox', { name: 'PIN', exact: true }).fill('12345');
  await dialog.getByRole('textbox', { name: 'PIN', exact: true }).blur();
  await expect(dialog.getByText('must not be a run of consecutive digits')).toBeVisible();
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(dialog.getByText('must not be a run of consecutive digits')).toBeHidden();
  await expect(dialog.getByRole('textbox', { name: 'PIN', exact: true })).toHaveValue(/^\d{6}$/);
  await dialog.getByLabel('Daily from').fill('08:00');
  await dialog.getByLabel('Daily until').fill('17:00');
  await screen(page, 'pins-add-1280');
  await dialog.getByRole('button', { name: 'Add PIN' }).click();
  await expect(page.getByText('Sending to the lock…').first()).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const row = page.getByRole('row', { name: /Courier/ });
  await expect(row).toContainText(/08:00–17:00 Europe\/Warsaw/);

  // edit: a window across midnight reads naturally
  await page.getByRole('button', { name: 'Edit Courier' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit “Courier”' });
  await expect(edit.getByLabel('Alias')).toHaveValue('Courier');
  await expect(edit.getByLabel('Daily from')).toHaveValue('08:00');
  await edit.getByLabel('Alias').fill('Night courier');
  await edit.getByLabel('Daily from').fill('22:00');
  await edit.getByLabel('Daily until').fill('06:00');
  await edit.getByRole('button', { name: 'Save PIN' }).click();
  await expect(edit).toBeHidden({ timeout: 20_000 });
  await expect(page.getByRole('row', { name: /Night courier/ })).toContainText('22:00 to 06:00 next day Europe/Warsaw');
  await screen(page, 'pins-list-1280');

  // delete, with confirmation
  await page.getByRole('button', { name: 'Delete Night courier' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete PIN' }).click();
  await expect(page.getByText('No PINs yet')).toBeVisible({ timeout: 20_000 });
  expect(problems, 'errors in the browser').toEqual([]);
});

test('a lock without a bridge: Add PIN is off with the reason beside it, and the API refuses the PIN', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.owner);
  const id = await lockId(page, 'Guest apartment 2B');
  await page.goto(`/devices/${id}/pins`);
  await expect(page.getByText('No PINs yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add PIN' })).toBeDisabled();
  await expect(page.getByRole('note')).toHaveText(
    'PINs cannot be added now: Guest apartment 2B has no bridge, so the service cannot reach it.',
  );
  await screen(page, 'pins-error-390');
  // the server refuses it all the same, in words, and nothing is stored
  const refused = await page.request.post(`/api/v37/my/lock/${id}/pin`, {
    headers: { origin: new URL(page.url()).origin },
    data: { alias: 'Tenant', pin: '583920' },
  });
  expect(refused.status()).toBe(428);
  expect((await refused.json()).errorMessages.join(' ')).toMatch(/not paired with a bridge/);
  const list = await page.request.get(`/api/v37/my/lock/${id}/pin`);
  expect((await list.json()).result.pins).toEqual([]);
});

test('the PINs tab on a phone, and a guest sees why it is not for them', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.owner);
  const id = await lockId(page, 'Front door');
  await page.goto(`/devices/${id}/pins`);
  await expect(page.getByRole('row', { name: /Cleaning crew/ })).toContainText('Mon–Fri');
  await screen(page, 'pins-list-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screen(page, 'pins-front-1280');
});

test('a guest of the lock is told who manages PINs', async ({ page }) => {
  await signIn(page, DEMO.guest);
  const id = await lockId(page, 'Front door');
  await page.goto(`/devices/${id}/pins`);
  await expect(page.getByText('You cannot manage PINs here right now')).toBeVisible();
  await expect(page.getByText(/^Only an owner or administrator of Front door can manage its PINs\.$/)).toBeVisible();
});

test('an owner sees which PINs are still used: a PIN typed at the keypad shows when it last opened the lock', async ({
  page,
}) => {
  await signIn(page, DEMO.owner);
  const id = await lockId(page, 'Back door');
  await page.goto(`/devices/${id}/pins`);
  const spare = page.getByRole('row', { name: /Neighbour \(spare\)/ });
  // the demo's earlier keypad entries: each PIN says when it last opened the door, at the lock
  await expect(spare).toContainText(/Last used .+ \(Europe\/Warsaw\)|Never used/);

  // someone at the door types the spare PIN on the keypad (the simulator plays the hardware)
  const before = DateTime.now().setZone('Europe/Warsaw').startOf('minute');
  const typed = await page.request.post(`/api/sim/lock/${id}/keypad`, {
    headers: { origin: new URL(page.url()).origin },
    data: { pin: '50937' },
  });
  expect((await typed.json()).result).toMatchObject({ event: 61, unlocked: true });
  const after = DateTime.now().setZone('Europe/Warsaw');
  // the minute the PIN was typed in: between the minute before the request and the one after its answer
  const minutes: string[] = [];
  for (let t = before; t <= after; t = t.plus({ minutes: 1 })) minutes.push(`Last used ${t.toFormat('d LLL HH:mm')}`);

  // the lock reports the entry through its bridge, which reaches the service a moment after the
  // keypad's answer: the page shows it once it has arrived (until then, the demo's earlier use)
  await expect(async () => {
    await page.reload();
    await expect(spare).toContainText(/Last used \d{1,2} \w{3} \d\d:\d\d \(Europe\/Warsaw\)/);
    const shown = (await spare.textContent()) ?? '';
    expect(
      minutes.some((t) => shown.includes(t)),
      `${shown} within ${minutes.join(', ')}`,
    ).toBe(true);
  }).toPass({ timeout: 15_000 });
  await screen(page, 'pins-last-used');
});
