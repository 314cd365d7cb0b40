import { randomUUID } from 'node:crypto';
import {
  confirmedAccount,
  DEMO,
  expect,
  MAILBOX_PAGE,
  mailedLink,
  screen,
  signIn,
  signUpFromInvitation,
  test,
} from './fixtures';

/**
 * Proven e-mail in the demo (no SMTP server: mail stays in the demo mailbox page). A newcomer signs
 * up, cannot use the account before following the mailed link, confirms, signs in; an invited
 * person follows the invitation, signs up with that address and gets the lock; a forgotten
 * password is reset by mail. Every page is looked at (test-results/screens/mail-*.png).
 */
const fresh = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.test`;

test('a newcomer signs up, reads the demo mailbox, confirms the address and signs in', async ({ page }) => {
  const email = fresh('nina');
  await page.goto('/sign-up');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Your name').fill('Nina \u202eNewcomer');
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByLabel('Password').press('Enter'); // the keyboard is enough
  // the server's refusal of the name is said under the name, as the form's own checks are
  await expect(page.getByLabel('Your name')).toHaveAccessibleDescription(
    'Remove invisible or direction-changing characters (control, zero-width or bidirectional marks).',
  );
  await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
  await screen(page, 'mail-sign-up-error');
  await page.getByLabel('Your name').fill('Nina Newcomer');
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL(/\/check-mail\?email=/);
  await expect(page.getByRole('heading', { name: 'Check your mail' })).toBeVisible();
  await screen(page, 'mail-check-mail');

  // before confirming: the right password leads back to "check your mail", not into the portal
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/check-mail/);
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'new link is on its way' })).toBeVisible();

  if (MAILBOX_PAGE) {
    await page.getByRole('link', { name: 'demo mailbox' }).click();
    await page.waitForURL(/\/mailbox\?to=/);
    const mails = page.getByRole('article');
    await expect(mails).toHaveCount(2); // the first link and the new one
    await expect(mails.first().getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
    await screen(page, 'mail-mailbox');
    // the newest mail's link; the first one no longer works
    await mails
      .first()
      .getByRole('link', { name: /\/verify-email\?token=/ })
      .click();
  } else {
    // with DATABASE_URL there is no demo mailbox (it would show everyone's mail): no link to it, and a 404
    await expect(page.getByRole('link', { name: 'demo mailbox' })).toHaveCount(0);
    expect((await page.request.get(`/mailbox?to=${encodeURIComponent(email)}`)).status()).toBe(404);
    await page.goto(await mailedLink(page.request, email, '/verify-email'));
  }
  await page.waitForURL(/\/verify-email\?token=/);
  await screen(page, 'mail-verify');
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${email} is confirmed` })).toBeVisible();
  await screen(page, 'mail-verified');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL(/\/sign-in/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/home/);

  // the old link, used again: a clear refusal
  await page.goto('/verify-email?token=' + 'A'.repeat(43));
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'not valid' })).toBeVisible();
  await screen(page, 'mail-verify-refused');
});

test('an invited person follows the invitation, signs up with that address, confirms it and gets the lock', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO.owner);
  const details = await (await page.request.get('/api/v37/my/device/details')).json();
  const id = (Object.values(details.result).flat() as { id: number; name: string }[]).find(
    (d) => d.name === 'Storage room',
  )!.id;
  await page.goto(`/devices/${id}/access`);
  const email = fresh('invitee');
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this device' });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
  await expect(row.getByText('Invitation sent')).toBeVisible();
  await row.getByRole('button', { name: `Resend the invitation to ${email}` }).click();
  await expect(page.getByText('Invitation sent again')).toBeVisible();
  await screen(page, 'mail-invitation-pending');
  // the owner, signed in, opens the invitation: it is not theirs to take
  const invitation = await mailedLink(page.request, email, '/invitation');
  await page.goto(invitation);
  await expect(page.getByRole('alert').filter({ hasText: 'You are signed in as owner@demo.test' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept the invitation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign out and use another account' })).toBeVisible();
  await screen(page, 'mail-invitation-someone-else');
  await page.goto(`/devices/${id}/access`);

  const ctx = await browser.newContext();
  const newcomer = await ctx.newPage();
  await newcomer.goto(invitation);
  await expect(newcomer.getByRole('heading', { name: 'Open Storage room' })).toBeVisible();
  await expect(newcomer.getByText(/Olivia Owner invited/)).toBeVisible();
  await screen(newcomer, 'mail-invitation-signed-out');
  await signUpFromInvitation(
    newcomer,
    { email, displayName: 'Ivy Invitee', password: 'ivy-password-1' },
    /\/invitation\?token=/,
  );
  await newcomer.waitForLoadState('networkidle');
  await screen(newcomer, 'mail-invitation-signed-in');
  await newcomer.getByRole('button', { name: 'Accept the invitation' }).click();
  await newcomer.waitForURL(new RegExp(`/devices/${id}$`));
  await newcomer.goto(`/devices/${id}/access`);
  await newcomer.waitForLoadState('networkidle');
  await expect(newcomer.getByRole('row', { name: /Ivy Invitee/ }).getByText('Active')).toBeVisible();
  await ctx.close();

  await page.reload();
  await expect(page.getByRole('row', { name: /Ivy Invitee/ }).getByText('Active')).toBeVisible();
});

test('a forgotten password is reset by mail, and the invitation page refuses a wrong link', async ({ page }) => {
  const account = { email: fresh('reset'), password: 'old-password-1', displayName: 'Rita Reset' };
  await confirmedAccount(page.request, account);
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.waitForURL(/\/forgot-password/);
  await expect(page.getByLabel('E-mail')).toHaveValue(account.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is on its way' })).toBeVisible();
  await screen(page, 'mail-forgot-password');

  await page.goto(await mailedLink(page.request, account.email, '/reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('new-password-1');
  await page.getByLabel('New password again').fill('new-password-2');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
  await screen(page, 'mail-reset-password');
  await page.getByLabel('New password again').fill('new-password-1');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password is changed' })).toBeVisible();
  await signIn(page, account.email, { password: 'new-password-1' });

  await page.goto('/reset-password?token=' + 'B'.repeat(43));
  await expect(page.getByRole('alert').filter({ hasText: 'not valid' })).toBeVisible();
  await page.goto('/invitation?token=' + 'C'.repeat(43));
  await expect(page.getByRole('alert').filter({ hasText: 'not valid' })).toBeVisible();
  await screen(page, 'mail-invitation-refused');
});
