import { DEMO, expect, screen, signIn, test } from './fixtures';

/**
 * Organization > People (issue 33): the owner gives a new person three doors with one schedule in
 * one step, opens their page and sees the doors with their hours in the doors' zone, then ends
 * all of their access in one step. Screenshots at desktop and phone width.
 */
test.describe('Organization > People', () => {
  test('the owner gives a new person three doors in one step, sees them with hours, and ends them all', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.owner, { to: '/organization/people' });
    await expect(page.getByRole('heading', { name: 'People', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Maria Member' })).toBeVisible();
    await screen(page, 'people-list');

    const email = `nina-${Date.now()}@example.test`;
    await page.getByRole('button', { name: 'Give access to doors' }).click();
    const dialog = page.getByRole('dialog', { name: 'Give someone access to doors' });
    await expect(dialog).toBeVisible();
    // before a door is chosen the hours are the organization's (not UTC)
    await expect(dialog.getByText('When (times at the door, Europe/Warsaw)')).toBeVisible();
    // nothing chosen: the form says so before asking the server
    await dialog.getByRole('button', { name: /^Give access/ }).click();
    await expect(dialog.getByText('Choose at least one door.')).toBeVisible();
    await dialog.getByLabel('E-mail').fill(email);
    for (const door of ['Front door', 'Back door', 'Office'])
      await dialog.getByRole('checkbox', { name: door, exact: true }).check();
    await expect(dialog.getByText('Choose at least one door.')).toHaveCount(0);
    // the doors are searched on the server; what is chosen stays chosen, listed above the search
    await dialog.getByLabel('Find doors').fill('BACK');
    const found = dialog.getByRole('group', { name: 'Doors' }).getByRole('checkbox');
    await expect(found).toHaveCount(1);
    await expect(found).toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Remove Front door' })).toBeVisible();
    await dialog.getByLabel('Find doors').fill('');
    // every door is listed again before the fields below it are used: the list growing under them
    // moved the weekdays while a click was on its way (the click hit the row the list had moved there)
    await expect.poll(() => found.count()).toBeGreaterThan(3);
    await dialog.getByLabel('Daily from').fill('08:00');
    await dialog.getByLabel('Daily until').fill('17:00');
    await dialog.getByRole('checkbox', { name: 'Saturday' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Sunday' }).uncheck();
    await screen(page, 'people-give-dialog');
    await dialog.getByRole('button', { name: 'Give access to 3 doors' }).click();
    await expect(dialog.getByText('Done. Per door:')).toBeVisible();
    await expect(dialog.getByText('Given', { exact: true })).toHaveCount(3);
    await screen(page, 'people-give-answer');
    await dialog.getByRole('button', { name: 'Open their page' }).click();

    await expect(page.getByRole('heading', { name: email })).toBeVisible();
    await expect(page.getByText('Invited to doors')).toBeVisible();
    const doors = page.getByRole('table', { name: `Doors ${email} can open` });
    for (const door of ['Front door', 'Back door', 'Office'])
      await expect(doors.getByRole('link', { name: door, exact: true })).toBeVisible();
    await expect(doors.getByText('Mon–Fri')).toHaveCount(3);
    await expect(doors.getByText(/08:00–17:00 Europe\/Warsaw/)).toHaveCount(3);
    await screen(page, 'people-person');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(doors.getByText('Mon–Fri').first()).toBeVisible();
    await screen(page, 'people-person-phone');
    await page.goto('/organization/people');
    await expect(page.getByRole('link', { name: email })).toBeVisible();
    await screen(page, 'people-list-phone');
    await page.getByRole('link', { name: email }).click();
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'End all access' }).click();
    const confirm = page.getByRole('dialog', { name: `End all access of ${email}?` });
    for (const door of ['Front door', 'Back door', 'Office']) await expect(confirm.getByText(door)).toBeVisible();
    await screen(page, 'people-end-all');
    await confirm.getByRole('button', { name: 'End all access' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(/^Ended: /)).toBeVisible();
    await expect(page.getByText('No doors')).toBeVisible();
    await screen(page, 'people-ended');

    // a member who opens doors through a group: the page says through which
    await page.goto('/organization/people');
    await page.getByRole('link', { name: 'Maria Member' }).click();
    await expect(page.getByRole('heading', { name: 'Maria Member' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Through the group/ }).first()).toBeVisible();
    await expect(page.getByText(/only through groups/)).toBeVisible();
    await expect(page.getByLabel('Add to group')).toBeVisible();
    await screen(page, 'people-member-groups');
  });

  test('an administrator who asks for more than they hold gets nothing, and the answer per door says why', async ({
    page,
  }) => {
    await signIn(page, DEMO.admin, { to: '/organization/people' });
    await page.getByRole('button', { name: 'Give access to doors' }).click();
    const dialog = page.getByRole('dialog', { name: 'Give someone access to doors' });
    const email = `refused-${Date.now()}@example.test`;
    await dialog.getByLabel('E-mail').fill(email);
    const doors = dialog.getByRole('group', { name: 'Doors' }).getByRole('checkbox');
    await doors.nth(0).check();
    await doors.nth(1).check();
    // no end date: only the organization's owner gives access without an end
    await dialog.getByRole('button', { name: 'Give access to 2 doors' }).click();
    await expect(dialog.getByText('Nothing was given: a door was refused. Per door:')).toBeVisible();
    await expect(dialog.getByText('Refused', { exact: true }).first()).toBeVisible();
    await expect(dialog.getByText(/nobody hands out more than they hold|cannot/).first()).toBeVisible();
    await screen(page, 'people-give-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('link', { name: email })).toHaveCount(0);
  });

  test('the owner reads what a guest holds and did: doors and how, PINs, phones, last activity and audit; their own keys on their own page', async ({
    page,
  }) => {
    await signIn(page, DEMO.owner, { to: '/organization/people' });
    await page.getByRole('link', { name: 'Gustav Guest' }).click();
    await expect(page.getByRole('heading', { name: 'Gustav Guest' })).toBeVisible();
    const doors = page.getByRole('table', { name: 'Doors Gustav Guest can open' });
    await expect(doors.getByRole('link', { name: 'Front door', exact: true })).toBeVisible();
    await expect(doors.getByRole('cell', { name: 'Direct', exact: true }).first()).toBeVisible();
    for (const part of ['PINs they made', 'Phones', 'Last activity', 'Audit'])
      await expect(page.getByRole('heading', { name: part, exact: true })).toBeVisible();
    // a PIN's code, a key's secret: never on this page
    await expect(page.getByText('735190')).toHaveCount(0);
    const activity = page.getByRole('list', { name: 'Last activity of Gustav Guest' });
    await expect(activity.getByRole('listitem').first()).toBeVisible();
    expect(await activity.getByRole('listitem').count()).toBeLessThanOrEqual(10);
    await expect(activity.getByText(/Europe\/Warsaw/).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your access keys' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'All in the audit log' })).toHaveAttribute(
      'href',
      '/organization/audit?person=guest%40demo.test',
    );
    await screen(page, 'people-person-facts');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(activity.getByRole('listitem').first()).toBeVisible();
    await screen(page, 'people-person-facts-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // their own page: their access keys (names, scopes, expiry), which nobody else sees
    await page.goto('/organization/people');
    await page.getByRole('link', { name: 'Olivia Owner' }).click();
    await expect(page.getByRole('heading', { name: 'Your access keys' })).toBeVisible();
    // the audit part has loaded: entries when this run made some (the first test does), else its empty state
    await expect(
      page
        .getByRole('list', { name: 'Audit of Olivia Owner' })
        .or(page.getByText('No change by them or to their access yet.')),
    ).toBeVisible();
    await screen(page, 'people-own-page');
  });

  test('a member sees the people of the organization, but nobody’s doors and no actions', async ({ page }) => {
    await signIn(page, DEMO.member, { to: '/organization/people' });
    await expect(page.getByRole('heading', { name: 'People', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Give access to doors' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Olivia Owner' }).click();
    await expect(page.getByText('Only administrators of a door see who can open it.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'End all access' })).toHaveCount(0);
    // nor anyone's PINs, phones, activity or audit
    for (const part of ['PINs they made', 'Phones', 'Last activity', 'Audit', 'Your access keys'])
      await expect(page.getByRole('heading', { name: part, exact: true })).toHaveCount(0);
    await screen(page, 'people-as-member');
  });

  test('many people come a page at a time; a search that leaves fewer shows the page there is', async ({ page }) => {
    // two a page (the URL's itemsPerPage), so the demo's people fill several pages
    await signIn(page, DEMO.owner, { to: '/organization/people?itemsPerPage=2' });
    const table = page.getByRole('table', { name: 'People of the organization' });
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(3); // the heading and two people
    const first = await rows.nth(1).getByRole('link').innerText();
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager.getByText('Page 1')).toBeVisible();
    await pager.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pager.getByText('Page 2')).toBeVisible();
    await expect(rows.nth(1)).not.toContainText(first);
    await screen(page, 'people-paged');
    // the first page's person found by name from page 2: shown, on the one page there is
    await page.getByLabel('Search people').fill(first);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(first);
    await expect(pager).toHaveCount(0);
  });
});
