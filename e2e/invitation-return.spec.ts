import { DEMO, expect, mailedLink, screen, signIn, test } from './fixtures';

/**
 * Issue 33: a person invited to the organization who has no account signs up from the invitation,
 * confirms the address and signs in, and lands on the invitation's "Accept", without looking
 * for the mail again.
 */
test('an organization invitee signs up, confirms the address and comes straight back to Accept', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO.owner, { to: '/organization/members' });
  const origin = new URL(page.url()).origin;
  const orgId = (await (await page.request.get('/api/v37/organization')).json()).result.organizations[0].id;
  const email = `maria.${Date.now()}@example.test`;
  const invited = await page.request.post(`/api/v37/organization/${orgId}/user`, {
    headers: { origin },
    data: { email, role: 2, groupIds: [] },
  });
  expect(invited.status()).toBeLessThan(300);

  const ctx = await browser.newContext();
  const newcomer = await ctx.newPage();
  await newcomer.goto(await mailedLink(newcomer.request, email, '/organization-invitation'));
  await expect(newcomer.getByText(/you come straight back here to accept/)).toBeVisible();
  await newcomer.getByRole('link', { name: 'Create an account' }).click();
  await newcomer.waitForURL(/\/sign-up\?/);
  await expect(newcomer.getByLabel('E-mail')).toHaveValue(email);
  await newcomer.getByLabel('Your name').fill('Nadia Newcomer');
  await newcomer.getByLabel('Password').fill('maria-password-1');
  await newcomer.getByRole('button', { name: 'Create account' }).click();
  await newcomer.waitForURL(/\/check-mail/);
  await newcomer.goto(await mailedLink(newcomer.request, email, '/verify-email'));
  await newcomer.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await newcomer.getByRole('link', { name: 'Sign in and continue' }).click();
  await newcomer.waitForURL(/\/sign-in\?callbackUrl=/);
  await newcomer.getByLabel('E-mail').fill(email);
  await newcomer.getByLabel('Password').fill('maria-password-1');
  await newcomer.getByRole('button', { name: 'Sign in' }).click();
  await newcomer.waitForURL(/\/organization-invitation\?token=/);
  await newcomer.waitForLoadState('networkidle');
  const accept = newcomer.getByRole('button', { name: /^Accept and join / });
  await expect(accept).toBeVisible();
  await screen(newcomer, 'invitation-return-1280');
  // Home, before accepting: the invitation first
  const here = newcomer.url();
  await newcomer.goto('/home');
  const waiting = newcomer.getByRole('list', { name: 'Invitations waiting for you' });
  await expect(waiting).toContainText('Join Demo Property Management as a member, from Olivia Owner');
  await expect(newcomer.getByText('An invitation is waiting for you')).toBeVisible();
  await screen(newcomer, 'home-invitation-1280');
  await newcomer.setViewportSize({ width: 390, height: 844 });
  await screen(newcomer, 'home-invitation-390');
  await newcomer.setViewportSize({ width: 1280, height: 720 });
  await newcomer.goto(here);
  await accept.click();
  await expect(newcomer).not.toHaveURL(/organization-invitation/, { timeout: 15_000 });
  await newcomer.goto('/home');
  await expect(newcomer.getByRole('heading', { name: 'Hello, Nadia Newcomer' })).toBeVisible();
  await expect(newcomer.getByText('An invitation is waiting for you')).toHaveCount(0);
  await ctx.close();
});
