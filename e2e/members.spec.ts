import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startSmtp } from '../tests/support/smtp';
import { DEMO, DEMO_PASSWORD } from './fixtures';
import { childEnv, E2E } from './env';

/**
 * Organization > Members, as the owner and an invited colleague see it: invite by e-mail (the
 * mail arrives at a real SMTP server in this test), the colleague follows the mail's link, signs
 * in and joins with a group; the owner makes them an administrator, then removes them, and the
 * confirmation says what ends; their door access ends at that moment.
 *
 * Mail needs SMTP_URL on the server, which the shared test server leaves unset (the demo keeps
 * mail for its Mailbox page), so this spec starts a server of its own (scripts/e2e-server.mjs on
 * E2E_PORT + 50, its own fresh database, the same build) that sends to this test's SMTP server.
 */

test.describe.configure({ mode: 'serial' });

const port = E2E.port + 50;
const base = `http://localhost:${port}`;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  smtp = await startSmtp();
  server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: childEnv({ E2E_PORT: String(port), SMTP_URL: smtp.url, MAIL_POLL_MS: '300' }),
    stdio: 'ignore',
  });
  const until = Date.now() + 280_000;
  for (;;) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) throw new Error(`the members test server on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await smtp?.close();
});

async function signedIn(browser: Browser, email: string, to: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: base })).newPage();
  await page.goto(`/sign-in?callbackUrl=${encodeURIComponent(to)}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/sign-in'), { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/h17members-${name}.png`, fullPage: true });

test('invite -> accept through the mail -> make administrator -> remove, with access ending at once', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await signedIn(browser, DEMO.owner, '/organization/members');
  await expect(owner.getByRole('heading', { name: 'Members' })).toBeVisible();
  await shot(owner, 'list');

  // invite Gustav (a verified account, not in the organization yet) with the Cleaning staff group
  await owner.getByRole('button', { name: 'Invite people' }).click();
  const dialog = owner.getByRole('dialog');
  await dialog.getByLabel('E-mail addresses').fill(`${DEMO.guest}, not-an-address`);
  await dialog.getByLabel('Cleaning staff').check();
  await shot(owner, 'invite-dialog');
  await dialog.getByRole('button', { name: 'Send 2 invitations' }).click();
  // one sent, the other refused with the server's words, kept in the box to fix
  await expect(dialog.getByRole('alert')).toContainText('not-an-address');
  await shot(owner, 'invite-refused');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const invitedRow = owner.getByRole('row', { name: new RegExp(DEMO.guest) });
  await expect(invitedRow.getByText('Invited', { exact: true })).toBeVisible();
  await shot(owner, 'invited');

  // the mail, received by this test's SMTP server
  await expect.poll(() => smtp.to(DEMO.guest).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const mail = smtp.to(DEMO.guest)[0];
  expect(mail.subject).toMatch(/You are invited to join/);
  const link = mail.links.find((l) => l.includes('/organization-invitation'))!;
  expect(link.startsWith(base)).toBe(true);

  // Gustav follows the link, signs in, accepts
  const guestCtx = await browser.newContext({ baseURL: base });
  const guest = await guestCtx.newPage();
  await guest.goto(link);
  await expect(guest.getByRole('heading', { name: /^Join / })).toBeVisible();
  await shot(guest, 'invitation-signed-out');
  await guest.getByRole('link', { name: 'Sign in to accept' }).click();
  await guest.getByLabel('E-mail').fill(DEMO.guest);
  await guest.getByLabel('Password').fill(DEMO_PASSWORD);
  await guest.getByRole('button', { name: 'Sign in' }).click();
  await guest.waitForURL((u) => u.pathname === '/organization-invitation');
  await guest.waitForLoadState('networkidle');
  await shot(guest, 'invitation-signed-in');
  const devices = (await (await guest.request.get('/api/v37/my/device')).json()).result as {
    id: number;
    name: string;
  }[];
  const frontDoor = devices.find((d) => d.name === 'Front door')!;
  await guest.getByRole('button', { name: /Accept and join/ }).click();
  await guest.waitForURL((u) => u.pathname === '/organization/members');
  await expect(guest.getByRole('heading', { name: 'Members' })).toBeVisible();

  // the owner sees Gustav active, makes him an administrator
  await owner.reload();
  const row = owner.getByRole('row', { name: /Gustav Guest/ });
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByText('Cleaning staff')).toBeVisible();
  await row.getByRole('button', { name: 'Make Gustav Guest an administrator' }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'Make administrator' }).click();
  await expect(row.getByText('Administrator', { exact: true })).toBeVisible();
  await shot(owner, 'made-admin');

  // making him a member again asks the server what he handed out as an administrator (nothing
  // yet: the dialog says only what changes), then he is an administrator once more
  await row.getByRole('button', { name: 'Make Gustav Guest a member' }).click();
  const demote = owner.getByRole('dialog');
  await expect(demote).toContainText('can no longer manage the organization');
  await expect(demote.getByText('Checking what they handed out')).toHaveCount(0);
  await expect(demote.getByRole('checkbox')).toHaveCount(0);
  await shot(owner, 'demote-confirm');
  await demote.getByRole('button', { name: 'Make member' }).click();
  await expect(row.getByText('Member', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Make Gustav Guest an administrator' }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'Make administrator' }).click();
  await expect(row.getByText('Administrator', { exact: true })).toBeVisible();

  // removal says what ends, and ends it
  await row.getByRole('button', { name: 'Remove Gustav Guest' }).click();
  const confirm = owner.getByRole('dialog');
  await expect(confirm).toContainText('4 device accesses and 1 group will be removed.');
  await shot(owner, 'remove-confirm');
  expect((await guest.request.get(`/api/v37/my/lock/${frontDoor.id}`)).status()).toBe(200);
  await confirm.getByRole('button', { name: 'Remove person' }).click();
  await expect(owner.getByRole('row', { name: /Gustav Guest/ })).toHaveCount(0);
  await shot(owner, 'removed');
  // his session is still valid, his access is not
  expect((await guest.request.get(`/api/v37/my/lock/${frontDoor.id}`)).status()).toBe(404);
  expect((await (await guest.request.get('/api/v37/organization')).json()).result).toEqual({ organizations: [] });
});

test('removal names the door invitations still waiting for the person and withdraws them: their mailed link opens nothing afterwards', async ({
  browser,
}) => {
  const owner = await signedIn(browser, DEMO.owner, '/organization/members');
  const json = async (r: Promise<import('@playwright/test').APIResponse>, status: number) => {
    const res = await r;
    expect(res.status(), await res.text()).toBe(status);
    return (await res.json()).result;
  };
  const write = { headers: { origin: base } };
  const lastLink = (to: string, page: string) =>
    smtp
      .to(to)
      .flatMap((m) => m.links)
      .filter((l) => l.includes(`${page}?token=`))
      .at(-1)!;
  const tokenOf = (link: string) => new URL(link).searchParams.get('token');
  const email = `wanda-${Date.now()}@example.test`;
  const org = (await json(owner.request.get('/api/v37/organization'), 200)).organizations[0] as { id: number };
  const door = (
    (await json(owner.request.get('/api/v37/my/device/details'), 200)).locks as { id: number; name: string }[]
  ).find((l) => l.name === 'Back door')!;

  // the Back door shared with her address before she had an account: an invitation that waits
  await json(
    owner.request.post(`/api/v37/my/device/${door.id}/access`, {
      ...write,
      data: { principalType: 0, userEmail: email, accessLevel: 0, remoteAccessDisabled: false },
    }),
    201,
  );
  await expect.poll(() => lastLink(email, '/invitation'), { timeout: 30_000 }).toBeTruthy();
  const doorInvitation = tokenOf(lastLink(email, '/invitation'));
  // she makes an account (confirmed through its mail) and joins the organization
  const request = (await browser.newContext({ baseURL: base })).request;
  expect(
    (
      await request.post('/api/v37/account/register', {
        data: { email, password: DEMO_PASSWORD, displayName: 'Wanda Waiting' },
      })
    ).status(),
  ).toBe(202);
  await expect.poll(() => lastLink(email, '/verify-email'), { timeout: 30_000 }).toBeTruthy();
  await json(
    request.post('/api/v37/account/verify', { data: { token: tokenOf(lastLink(email, '/verify-email')) } }),
    200,
  );
  await json(
    owner.request.post(`/api/v37/organization/${org.id}/user`, { ...write, data: { email, role: 2, groupIds: [] } }),
    201,
  );
  await expect.poll(() => lastLink(email, '/organization-invitation'), { timeout: 30_000 }).toBeTruthy();
  const wanda = await signedIn(browser, email, '/devices');
  await json(
    wanda.request.post('/api/v37/my/organization-invitation', {
      ...write,
      data: { token: tokenOf(lastLink(email, '/organization-invitation')) },
    }),
    200,
  );

  // the owner removes her: the confirmation names the waiting invitation
  await owner.reload();
  await owner
    .getByRole('row', { name: /Wanda Waiting/ })
    .getByRole('button', { name: 'Remove Wanda Waiting' })
    .click();
  const confirm = owner.getByRole('dialog');
  await expect(confirm).toContainText('1 waiting device invitation will be removed.');
  await expect(confirm).toContainText(
    'Wanda Waiting has no access to devices of Demo Property Management, so no door changes.',
  );
  await shot(owner, 'remove-with-invitation');
  await confirm.getByRole('button', { name: 'Remove person' }).click();
  await expect(owner.getByRole('row', { name: /Wanda Waiting/ })).toHaveCount(0);

  // the link she was mailed before is dead; the door stays closed to her. (Asked on a new
  // connection: her page's kept-alive one has been idle past the server's keep-alive time by now,
  // and a POST sent as the server closes it meets a reset that the client does not retry.)
  const fresh = await browser.newContext({ baseURL: base, storageState: await wanda.context().storageState() });
  const taken = await fresh.request.post('/api/v37/account/invitation/accept', {
    ...write,
    data: { token: doorInvitation },
  });
  expect(taken.status()).toBe(410);
  expect((await fresh.request.get(`/api/v37/my/lock/${door.id}`)).status()).toBe(404);
  await fresh.close();
});

test('a member sees the directory and leaves; the owner hands ownership over after the password', async ({
  browser,
}) => {
  const member = await signedIn(browser, DEMO.member, '/organization/members');
  await member.setViewportSize({ width: 390, height: 844 });
  await expect(member.getByRole('heading', { name: 'Members' })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Invite people' })).toHaveCount(0);
  await expect(member.getByRole('columnheader', { name: 'Devices' })).toHaveCount(0);
  await shot(member, 'member-phone');
  await member.getByRole('button', { name: 'Leave organization' }).click();
  const leave = member.getByRole('dialog');
  await expect(leave).toContainText('1 group will be removed');
  await shot(member, 'leave-confirm');
  await leave.getByRole('button', { name: 'Leave organization' }).click();
  await member.waitForURL((u) => u.pathname === '/devices');
  expect((await (await member.request.get('/api/v37/organization')).json()).result).toEqual({ organizations: [] });

  const owner = await signedIn(browser, DEMO.owner, '/organization/members');
  await owner.getByRole('button', { name: 'Make Adam Admin the owner' }).click();
  const confirm = owner.getByRole('dialog');
  await expect(confirm).toContainText('You become an administrator');
  await confirm.getByLabel('Password').fill(DEMO_PASSWORD);
  await shot(owner, 'transfer-password');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  const adam = owner.getByRole('row', { name: /Adam Admin/ });
  await expect(adam.getByText('Owner', { exact: true })).toBeVisible();
  await expect(
    owner.getByRole('row', { name: /Olivia Owner/ }).getByText('Administrator', { exact: true }),
  ).toBeVisible();
  await shot(owner, 'transferred');
});
