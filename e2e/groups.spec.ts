import { DEMO, expect, screen, signIn, test } from './fixtures';

/** Organization > Groups and Members, from an administrator's and a member's side. */
test.describe('Organization > Groups', () => {
  test('an administrator creates a group, adds and removes people, renames and deletes it', async ({ page }) => {
    await signIn(page, DEMO.admin, { to: '/organization/groups' });
    await expect(page.getByRole('heading', { name: 'Groups' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cleaning staff' })).toBeVisible();
    await screen(page, 'groups-list');

    const name = `Night shift ${Date.now()}`;
    await page.getByRole('button', { name: 'New group' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New group' });
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await expect(dialog.getByText('Enter a name.')).toBeVisible();
    await dialog.getByLabel('Group name').fill('cleaning STAFF');
    await dialog.getByRole('button', { name: 'Create group' }).click();
    // the server's word, said under the name it is about
    await expect(dialog.getByLabel('Group name')).toHaveAccessibleDescription(
      /A group named "cleaning STAFF" already exists/,
    );
    await screen(page, 'groups-name-taken');
    // the refusal goes as the name is edited, not at the next submit
    await dialog.getByLabel('Group name').fill(name);
    await expect(dialog.getByLabel('Group name')).not.toHaveAccessibleDescription(/already exists/);
    await expect(dialog.getByLabel('Group name')).not.toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await expect(dialog).toBeHidden();

    // search lives in the URL
    await page.getByLabel('Search groups').fill('night shift');
    await expect(page).toHaveURL(/q=night/);
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('No members yet')).toBeVisible();

    await page.getByLabel(/Maria Member/).check();
    await page.getByLabel(/Olivia Owner/).check();
    await page.getByRole('button', { name: 'Add selected (2)' }).click();
    const results = page.getByRole('region', { name: 'Results' });
    await expect(results).toContainText('Maria Member');
    await expect(results).toContainText('Olivia Owner');
    await expect(results.getByText('Added')).toHaveCount(2);
    await expect(page.getByText('2 members.', { exact: false })).toBeVisible();
    await screen(page, 'group-detail');

    await page
      .getByRole('checkbox', { name: /Maria Member/ })
      .first()
      .check();
    await page.getByRole('button', { name: 'Remove selected (1)' }).click();
    await expect(results.getByText('Removed')).toBeVisible();
    await expect(page.getByText('1 member.', { exact: false })).toBeVisible();

    // each search is in the URL before the next step: the list it shows is the one acted on
    const search = async (q: string) => {
      await page.getByLabel('Search groups').fill(q);
      await expect(page).toHaveURL((url) => url.searchParams.get('q') === q);
    };
    await page.getByRole('link', { name: '← Groups' }).click();
    await search(name);
    await page.getByRole('button', { name: `Rename ${name}` }).click();
    const rename = page.getByRole('dialog', { name: 'Rename group' });
    await rename.getByLabel('Group name').fill(`${name} B`);
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(rename).toBeHidden();
    await search(`${name} B`);
    await page.getByRole('button', { name: `Delete ${name} B` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete "${name} B"?` });
    await expect(confirm).toContainText('direct access stays');
    await confirm.getByRole('button', { name: 'Delete group' }).click();
    await expect(page.getByText(`No group matches`)).toBeVisible();
  });

  test("a group's page lists the doors it opens: level, remote opening and hours in each door's zone", async ({
    page,
  }) => {
    await signIn(page, DEMO.owner, { to: '/organization/groups' });
    await page.getByRole('link', { name: 'Cleaning staff' }).click();
    await expect(page.getByRole('heading', { name: 'Cleaning staff' })).toBeVisible();
    const doors = page.getByRole('table', { name: 'Doors the group Cleaning staff opens' });
    for (const door of ['Back door', 'Storage room', 'Main gate'])
      await expect(doors.getByRole('link', { name: door, exact: true })).toBeVisible();
    const back = doors.getByRole('row').filter({ hasText: 'Back door' });
    await expect(back).toContainText('Mon–Sat');
    await expect(back).toContainText('06:00–10:00 Europe/Warsaw');
    await expect(back).toContainText('Guest');
    await expect(doors.getByRole('row').filter({ hasText: 'Storage room' })).toContainText('Always');
    await screen(page, 'group-doors');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(back).toContainText('remote opening allowed');
    await screen(page, 'group-doors-phone');
    await doors.getByRole('link', { name: 'Back door', exact: true }).click();
    await expect(page).toHaveURL(/\/devices\/\d+/);
  });

  test('a member reads groups and members but cannot change them; a phone shows them too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.member, { to: '/organization/groups' });
    await expect(page.getByRole('link', { name: 'Cleaning staff' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New group' })).toHaveCount(0);
    await screen(page, 'groups-member-phone');
    // a member administers no door: the group's doors are not theirs to see
    await page.getByRole('link', { name: 'Cleaning staff' }).click();
    await expect(page.getByText('No doors you administer')).toBeVisible();
    await page.goto('/organization/groups');
    await page.goto('/organization/members');
    const row = page.getByRole('row').filter({ hasText: 'Olivia Owner' });
    await expect(row).toContainText('Owner');
    await expect(page.getByRole('row').filter({ hasText: 'Adam Admin' })).toContainText('Administrator');
    await screen(page, 'members-phone');
    await page.goto('/organization/access-links');
    await expect(page.getByText('Access links are for administrators')).toBeVisible();
  });
});
