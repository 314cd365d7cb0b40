import { DEMO, expect, screen, signIn, test } from './fixtures';

/** Settings > Notifications, by keyboard; and the unsubscribe page a mail links to. */
test.describe('Settings > Notifications', () => {
  test('turn a kind off and on, choose for one device, the digest, all by keyboard', async ({ page }) => {
    await signIn(page, DEMO.owner, { to: '/settings/notifications' });
    await expect(page.getByRole('heading', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const battery = page.getByRole('checkbox', { name: /Battery low/ });
    await expect(battery).toBeChecked();
    await screen(page, 'notifications-start');

    await battery.focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Battery low: off.')).toBeVisible();
    await expect(battery).not.toBeChecked();

    // one device: jammed mails off there, whatever the kind says
    const select = page.getByRole('combobox', { name: /: A lock is jammed$/ }).first();
    await expect(select).toHaveValue('default');
    await select.selectOption('off');
    await expect(select).toHaveValue('off');
    await expect(page.getByText(/a lock is jammed: off\./)).toBeVisible();

    const digest = page.getByRole('checkbox', { name: /Daily digest/ });
    await digest.focus();
    await page.keyboard.press('Space');
    await expect(digest).toBeChecked();
    await screen(page, 'notifications-changed');

    // the choices are kept
    await page.reload();
    await expect(page.getByRole('checkbox', { name: /Battery low/ })).not.toBeChecked();
    await expect(page.getByRole('combobox', { name: /: A lock is jammed$/ }).first()).toHaveValue('off');

    // back as they were (the demo is shared by other specs)
    await page.getByRole('checkbox', { name: /Battery low/ }).click(); // the page shows the change when the server took it
    await expect(page.getByText('Battery low: on.')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Battery low/ })).toBeChecked();
    await page
      .getByRole('combobox', { name: /: A lock is jammed$/ })
      .first()
      .selectOption('default');
    await expect(page.getByRole('combobox', { name: /: A lock is jammed$/ }).first()).toHaveValue('default');
    await page.getByRole('checkbox', { name: /Daily digest/ }).click();
    await expect(page.getByRole('checkbox', { name: /Daily digest/ })).not.toBeChecked();

    // a phone: a card per device with every setting on its own line, none scrolled out of sight
    await page.setViewportSize({ width: 390, height: 844 });
    const perDevice = page.getByRole('list', { name: 'Per device settings' });
    // a lock's card (the order of devices follows the database's collation: a sensor may come first)
    const first = perDevice
      .getByRole('listitem')
      .filter({ has: page.getByRole('combobox', { name: /: A lock is jammed$/ }) })
      .first();
    await first.scrollIntoViewIfNeeded();
    for (const box of await first.getByRole('combobox').all()) await expect(box).toBeInViewport({ ratio: 1 });
    await expect(first.getByRole('combobox', { name: /: A lock is jammed$/ })).toBeVisible();
    await screen(page, 'notifications-390');
  });

  test('the unsubscribe page needs no sign-in and says what is wrong with a bad link', async ({ page }) => {
    await page.goto('/notifications/unsubscribe?token=short');
    await expect(page.getByText('This link is not complete.')).toBeVisible();
    await page.goto(`/notifications/unsubscribe?token=${'A'.repeat(43)}`);
    await expect(page.getByRole('heading', { name: 'Stop notification mails' })).toBeVisible();
    await screen(page, 'notifications-unsubscribe');
    await page.getByRole('button', { name: 'Stop these mails' }).click();
    await expect(page.getByText('This link is unknown or older than 90 days.')).toBeVisible();
  });
});
