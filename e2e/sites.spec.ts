import { DEMO, expect, screen, signIn, test } from './fixtures';
import type { Page } from '@playwright/test';

/** Organization > Sites (issue 35): the buildings, from an administrator's and a member's side. */

async function moveTo(page: Page, site: string, device: string, from: string, shots = false): Promise<void> {
  await page.getByRole('button', { name: `Move devices to ${site}`, exact: true }).click();
  const move = page.getByRole('dialog', { name: `Move devices to "${site}"` });
  await move.getByRole('checkbox', { name: device }).check();
  if (shots) await screen(page, 'sites-move-choose');
  await move.getByRole('button', { name: 'Continue with 1 device' }).click();
  await expect(move).toContainText(`from ${from}`);
  if (shots) await screen(page, 'sites-move-confirm');
  await move.getByRole('button', { name: 'Move 1 device' }).click();
  await expect(move).toBeHidden();
}

test.describe('Organization > Sites', () => {
  test('an administrator creates a site, moves a door into it and sees the Devices list of that site', async ({
    page,
  }) => {
    await signIn(page, DEMO.admin, { to: '/organization/sites' });
    await expect(page.getByRole('heading', { name: 'Sites' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Sites' });
    await expect(table.getByRole('row').filter({ hasText: 'Office building' })).toContainText('Europe/Warsaw');
    await expect(table.getByRole('row').filter({ hasText: 'Residence' })).toBeVisible();
    await screen(page, 'sites-list');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('list', { name: 'Sites' })).toContainText('Residence');
    await screen(page, 'sites-list-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // a site with devices stays, in the server's words
    await page.getByRole('button', { name: 'Delete Office building' }).click();
    const refused = page.getByRole('dialog', { name: 'Delete "Office building"?' });
    await refused.getByRole('button', { name: 'Delete site' }).click();
    await expect(refused.getByRole('alert')).toContainText('Move them to another site first');
    await screen(page, 'sites-delete-refused');
    await refused.getByRole('button', { name: 'Cancel' }).click();

    const name = `Annex ${Date.now()}`;
    await page.getByRole('button', { name: 'New site' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New site' });
    await dialog.getByRole('button', { name: 'Create site' }).click();
    await expect(dialog.getByText('Enter a name.')).toBeVisible();
    await dialog.getByLabel('Site name').fill(name);
    await dialog.getByLabel('Address').fill('Side Street 5');
    await dialog.getByLabel('Time zone').selectOption('Europe/London');
    await screen(page, 'sites-new');
    await dialog.getByRole('button', { name: 'Create site' }).click();
    await expect(dialog).toBeHidden();
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Europe/London');
    await expect(row).toContainText('0 devices');

    // the same name again: the server's refusal names the name, and is said under it until it is edited
    await page.getByRole('button', { name: 'New site' }).first().click();
    await dialog.getByLabel('Site name').fill(name);
    await dialog.getByRole('button', { name: 'Create site' }).click();
    await expect(dialog.getByLabel('Site name')).toHaveAccessibleDescription(/already exists in this organization/);
    await expect(dialog.getByLabel('Site name')).toHaveAttribute('aria-invalid', 'true');
    await screen(page, 'sites-name-taken');
    await dialog.getByLabel('Site name').fill(`${name} 2`);
    await expect(dialog.getByLabel('Site name')).not.toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await moveTo(page, name, 'Storage room', 'Office building', true);
    await expect(row).toContainText('1 device');

    await row.getByRole('link', { name: `1 device in ${name}` }).click();
    await expect(page).toHaveURL(/\/devices\?site=\d+/);
    await expect(page.getByLabel('Site', { exact: true }).locator('option:checked')).toHaveText(name);
    const devices = page.getByRole('table', { name: 'Your devices' });
    await expect(devices.getByRole('link', { name: 'Storage room' })).toBeVisible();
    await expect(devices.getByRole('row')).toHaveCount(2); // the heading and the one door
    await expect(devices).toContainText(name);
    await screen(page, 'devices-by-site');
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, 'devices-by-site-phone');

    // back as it was: the door to the office building, then the empty site goes
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/organization/sites');
    await moveTo(page, 'Office building', 'Storage room', name);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Delete "${name}"?` })
      .getByRole('button', { name: 'Delete site' })
      .click();
    await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });

  test('the owner limits a person to one site on their page, sees it kept, and lifts it again', async ({ page }) => {
    await signIn(page, DEMO.owner, { to: '/organization/people' });
    await page.getByRole('link', { name: 'Maria Member' }).click();
    await expect(page.getByRole('heading', { name: 'Maria Member' })).toBeVisible();
    const every = page.getByRole('radio', { name: 'Every site' });
    const only = page.getByRole('radio', { name: 'Only these sites' });
    const save = page.getByRole('button', { name: 'Save sites' });
    await expect(every).toBeChecked();
    await expect(save).toBeDisabled();
    // a member: the limit reaches what they manage through an access of their own (effectiveAccess
    // applies it whatever the role), and all they administer once made an administrator
    await expect(page.getByText('as a member, the doors they manage through an access of their own')).toBeVisible();
    await only.check();
    // none chosen yet: the card says what that means before anything is saved
    await expect(page.getByText('With no site chosen they manage no door.')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Residence' }).check();
    await expect(page.getByText('end when you save')).toBeVisible();
    await screen(page, 'person-site-limit');
    // a refusal is said in the form, in the server's words, and nothing is taken as saved
    let refusedOnce = false;
    await page.route('**/api/v37/organization/*/user/*/sites', async (route) => {
      if (refusedOnce) return route.continue();
      refusedOnce = true;
      await route.fulfill({
        status: 409,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({
          success: false,
          errorMessages: ['Someone changed this limit meanwhile.'],
          statusCode: 409,
        }),
      });
    });
    await save.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Someone changed this limit meanwhile.' })).toBeVisible();
    await expect(only).toBeChecked();
    await save.click();
    await expect(page.getByText('Maria Member administers one site now')).toBeVisible();
    await expect(save).toBeDisabled();
    // kept: a fresh load shows the saved limit
    await page.reload();
    await expect(only).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Residence' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Office building' })).not.toBeChecked();
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, 'person-site-limit-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    // and in the audit log, in words
    await page.goto('/organization/audit?action=member.sites');
    await expect(
      page.getByText('Limited what member@demo.test administers to site “Residence” (was every site)').first(),
    ).toBeVisible();

    // lifted: every site again, as the demo was
    await page.goBack();
    await every.check();
    await save.click();
    await expect(page.getByText('Maria Member administers every site')).toBeVisible();
    await expect(every).toBeChecked();
  });

  test('People by site: those who open a door of the residence', async ({ page }) => {
    await signIn(page, DEMO.owner, { to: '/organization/people' });
    const people = page.getByRole('table', { name: 'People of the organization' });
    await expect(people.getByRole('link', { name: 'Maria Member' })).toBeVisible();
    await page.getByLabel('Site', { exact: true }).selectOption({ label: 'Residence' });
    await expect(page).toHaveURL(/site=\d+/);
    // Maria opens office doors only (through the cleaning staff); the owner opens the residence's
    await expect(people.getByRole('link', { name: 'Maria Member' })).toHaveCount(0);
    await expect(people.getByRole('link', { name: 'Olivia Owner' })).toBeVisible();
    await screen(page, 'people-by-site');
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, 'people-by-site-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    // a name nobody of the site has: the empty state says why
    await page.getByLabel('Search people').fill('Maria');
    await expect(page.getByText('Nobody of that name opens a door of Residence')).toBeVisible();
    // the filter is in the URL: a fresh load keeps it
    await page.reload();
    await expect(page.getByLabel('Site', { exact: true }).locator('option:checked')).toHaveText('Residence');
  });

  test('a member reads the sites, without controls, on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.member, { to: '/organization/sites' });
    const list = page.getByRole('list', { name: 'Sites' });
    await expect(list).toContainText('Office building');
    await expect(list).toContainText('Residence');
    await expect(page.getByRole('button', { name: 'New site' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await screen(page, 'sites-member-phone');
  });
});

test('an administrator subscribes to the weekly report of a site, sees last week at a glance, and stops it', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, { to: '/organization/sites' });
  await page.getByRole('button', { name: 'Reports of Residence' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reports of Residence' });
  await expect(dialog.getByText('You get no report of this site yet.')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: /^Last week \(the week of / })).toBeVisible();
  await dialog.getByLabel('Report', { exact: true }).selectOption('weekly');
  await dialog.getByLabel('At', { exact: true }).selectOption('7');
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  const mine = dialog.getByRole('region', { name: 'Your reports' });
  await expect(mine.getByRole('listitem')).toHaveText(
    /^Weekly, every Monday at 07:00; next \d{1,2} \w{3} \d{4}, 07:00/,
  );
  await screen(page, 'sites-reports');
  await mine.getByRole('button', { name: 'Stop the weekly report' }).click();
  await expect(dialog.getByText('You get no report of this site yet.')).toBeVisible();
});

test("Home of one building: the residence's counts, warnings and activity only", async ({ page }) => {
  await signIn(page, DEMO.owner, { to: '/home' });
  const attention = page.getByRole('list', { name: 'Needs attention' });
  await expect(attention).toContainText('Back door');
  await page.getByLabel('Site', { exact: true }).selectOption({ label: 'Residence' });
  await expect(page).toHaveURL(/\/home\?site=\d+$/);
  await expect(page.getByText('What needs you now, and what just happened at your doors in Residence.')).toBeVisible();
  await expect(attention).toContainText('Garage side door');
  await expect(attention).not.toContainText('Back door');
  // the counts lead to the Devices list of the same site
  await expect(page.getByRole('link', { name: /^Locks/ })).toHaveAttribute('href', /\/devices\?kind=lock&site=\d+$/);
  await screen(page, 'home-by-site');
  await page.getByLabel('Site', { exact: true }).selectOption({ label: 'All sites' });
  await expect(page).toHaveURL(/\/home$/);
  await expect(attention).toContainText('Back door');
});
