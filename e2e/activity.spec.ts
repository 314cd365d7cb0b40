import { chooseDevice, DEMO, expect, screen, signIn, test } from './fixtures';

test('the activity page shows entries in the door time zone and loads more on scroll', async ({ page }) => {
  await signIn(page, DEMO.owner, { to: '/activity' });
  await page.goto('/activity');
  const list = page.getByRole('list', { name: 'Activity entries' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const first = await list.getByRole('listitem').count();
  expect(first).toBe(50);
  await expect(list.getByRole('listitem').first()).toContainText(/ago|in /);
  await screen(page, 'activity-desktop');
  await page.mouse.wheel(0, 20_000);
  await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBeGreaterThan(first);
});

test('filters live in the URL and the export downloads CSV', async ({ page }) => {
  await signIn(page, DEMO.owner, { to: '/activity' });
  // inside <main>: while streaming, React briefly keeps a hidden copy of the content outside it
  const main = page.getByRole('main');
  await main.getByLabel('Event').selectOption({ label: 'Unlocked with a PIN' });
  await expect(page).toHaveURL(/event=61/);
  const list = page.getByRole('list', { name: 'Activity entries' });
  await expect(list.getByRole('listitem').first()).toContainText('Unlocked with a PIN');
  await chooseDevice(main, 'Front door');
  await expect(page).toHaveURL(/device=\d+/);
  await expect(main.getByRole('combobox', { name: 'Device' })).toHaveValue('Front door');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^activity-\d+-.*\.csv$/);
});

test('a guest on a phone sees only their own entries and those without an author', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.guest, { to: '/activity' });
  await page.goto('/activity');
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Activity entries' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(list.getByText('Olivia Owner')).toHaveCount(0);
  await expect(list.getByText('Adam Admin')).toHaveCount(0);
  await screen(page, 'activity-guest-phone');
});

test('an administrator of two buildings looks at one: the Site filter narrows the log and the devices, in the URL', async ({
  page,
}) => {
  await signIn(page, DEMO.owner, { to: '/activity' });
  const main = page.getByRole('main');
  await main.getByLabel('Site').selectOption({ label: 'Residence' });
  await expect(page).toHaveURL(/site=\d+/);
  const list = page.getByRole('list', { name: 'Activity entries' });
  const residence = /Garage bridge|Garage side door|Guest apartment 2B|Old service gate|Parking barrier/;
  await expect(list.getByRole('listitem').first()).toContainText(residence);
  // a full page of the residence alone (filtered in the query), none of the office building's doors
  expect(await list.getByRole('listitem').count()).toBe(50);
  await expect(list.getByText(/Front door|Back door|Main gate|Storage room/)).toHaveCount(0);
  // the device search offers the residence's devices only, by name
  await main.getByRole('combobox', { name: 'Device' }).click();
  const options = main.getByRole('listbox', { name: 'Devices' }).getByRole('option');
  await expect
    .poll(() => options.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))))
    .toEqual([
      'All devices',
      'Garage bridge',
      'Garage side door',
      'Guest apartment 2B',
      'Old service gate',
      'Parking barrier',
    ]);
  await screen(page, 'activity-site');
  // typing narrows it; the keyboard picks
  await main.getByRole('combobox', { name: 'Device' }).fill('gar');
  await expect
    .poll(() => options.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))))
    .toEqual(['All devices', 'Garage bridge', 'Garage side door']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/device=\d+/);
  await expect(main.getByRole('combobox', { name: 'Device' })).toHaveValue('Garage side door');
  await expect(list.getByRole('listitem').first()).toContainText('Garage side door');
  await page.goBack();
  await expect(page).not.toHaveURL(/device=/);
  // Back returns to every site
  await page.goBack();
  await expect(main.getByLabel('Site')).toHaveValue('');
});
