import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E, serverDatabaseUrl, shareServerSetting } from './env';

/**
 * The secrets of the server under test: new random ones each run (scripts/e2e-server.mjs), for
 * the few tests that must sign something the way the server does.
 */
export function serverSecrets(): { APP_SECRET: string; NEXTAUTH_SECRET: string } {
  return JSON.parse(readFileSync(path.join(process.cwd(), '.data', `e2e-${E2E.port}.secrets.json`), 'utf8'));
}

/** Demo accounts of the seed (db/seed/people.ts); all share one password. */
export const DEMO = {
  owner: 'owner@demo.test',
  admin: 'admin@demo.test',
  guest: 'guest@demo.test',
  member: 'member@demo.test',
  outsider: 'outsider@demo.test',
} as const;
export const DEMO_PASSWORD = 'demo-password';

/**
 * Signs in through the sign-in page, like a person, and waits until the portal has taken over.
 * `to` is where to go (sent as callbackUrl); default the devices list.
 */
export async function signIn(page: Page, email: string, opts: { password?: string; to?: string } = {}): Promise<void> {
  const to = opts.to ?? '/devices';
  await page.goto(`/sign-in?callbackUrl=${encodeURIComponent(to)}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(opts.password ?? DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'), { timeout: 30_000 });
  // let the landing page finish streaming and hydrating: until then React may hold a hidden second
  // copy of its content, and a strict locator would see two of everything
  await page.waitForLoadState('networkidle');
}

/**
 * Sign in as someone else in the same page: leave the portal first, then drop the cookies, then sign
 * in. Cleared while a portal page is open, its next API call meets a 401 and the page sends itself to
 * sign-in, aborting the test's own navigation there (net::ERR_ABORTED on CI).
 */
export async function switchUser(page: Page, email: string, opts: { password?: string; to?: string } = {}) {
  await page.goto('about:blank');
  await page.context().clearCookies();
  await signIn(page, email, opts);
}

/**
 * Chooses a device in the Activity page's device search (a combobox: the server offers the devices
 * whose name holds what is typed), as a person does: types the name, then clicks it in the list.
 */
export async function chooseDevice(scope: Page | Locator, name: string) {
  const box = scope.getByRole('combobox', { name: 'Device' });
  await box.fill(name);
  await scope.getByRole('listbox', { name: 'Devices' }).getByRole('option', { name, exact: true }).click();
}

/**
 * The demo mailbox page exists only in the embedded demo on loopback (lib/mail/config.ts): never
 * with DATABASE_URL, so on CI's Postgres leg the tests read the outbox itself.
 */
export const MAILBOX_PAGE = !E2E.databaseUrl;

/**
 * The plain text of the mails to `email`, newest first: from the demo mailbox page, as a person
 * on the demo's machine reads it; with DATABASE_URL, from the e2e database's outbox (decrypted
 * with the server's secret of this run).
 */
export async function mailText(request: APIRequestContext, email: string): Promise<string> {
  if (MAILBOX_PAGE) return (await request.get(`/mailbox?to=${encodeURIComponent(email)}`)).text();
  shareServerSetting('APP_SECRET', serverSecrets().APP_SECRET);
  const { decryptSecret } = await import('../lib/crypto/secrets');
  const { default: postgres } = await import('postgres');
  const sql = postgres(serverDatabaseUrl(), { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ id: string; body_ciphertext: string | null }[]>`
      select id, body_ciphertext from mail_outbox where lower(to_address) = ${email.toLowerCase()} order by created desc`;
    return rows
      .map((r) =>
        r.body_ciphertext ? (JSON.parse(decryptSecret(r.body_ciphertext, 'mail_outbox', r.id)).text as string) : '',
      )
      .join('\n');
  } finally {
    await sql.end();
  }
}

/** The newest link to `page` (e.g. '/verify-email') in a mail to `email`. */
export async function mailedLink(request: APIRequestContext, email: string, page: string): Promise<string> {
  const text = await mailText(request, email);
  const m = new RegExp(`(https?://[^"\\s]+${page.replace(/[/]/g, '\\/')}\\?token=[A-Za-z0-9_-]{43})`).exec(text);
  if (!m) throw new Error(`no ${page} link in the mail of ${email}`);
  return m[1];
}

/** A new account of a test's own, confirmed through its mail (sign-up answers 202, the link confirms). */
export async function confirmedAccount(
  request: APIRequestContext,
  account: { email: string; password: string; displayName: string },
): Promise<void> {
  const res = await request.post('/api/v37/account/register', { data: account });
  expect(res.status()).toBe(202);
  const token = new URL(await mailedLink(request, account.email, '/verify-email')).searchParams.get('token');
  expect((await request.post('/api/v37/account/verify', { data: { token } })).status()).toBe(200);
}

/**
 * From a mailed invitation's page, signed out: "Create an account" with the invited address, confirm
 * it through its mail, "Sign in and continue", sign in, and arrive back at the invitation (`back`).
 */
export async function signUpFromInvitation(
  page: Page,
  account: { email: string; displayName: string; password: string },
  back: RegExp,
): Promise<void> {
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.waitForURL(/\/sign-up\?/);
  await expect(page.getByLabel('E-mail')).toHaveValue(account.email);
  await page.getByLabel('Your name').fill(account.displayName);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/check-mail/);
  await page.goto(await mailedLink(page.request, account.email, '/verify-email'));
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await page.getByRole('link', { name: 'Sign in and continue' }).click();
  await page.waitForURL(/\/sign-in\?callbackUrl=/);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(back);
}

/**
 * Unlocks a lock by name through the API as the page's signed-in person and waits until the lock
 * has answered (the operation COMPLETED), as another person at another screen would.
 */
export async function unlockAndWait(page: Page, lockName: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  const details = (await (await page.request.get(`${origin}/api/v37/my/device/details`)).json()).result;
  const lock = details.locks.find((l: { name: string }) => l.name === lockName);
  const started = await page.request.post(`${origin}/api/v37/my/lock/${lock.id}/operation/unlock`, {
    headers: { origin },
  });
  expect(started.status()).toBe(202);
  const opId = (await started.json()).result.operationId;
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`${origin}/api/v37/my/device/operation/${opId}`)).json()).result.status,
      { timeout: 15_000 },
    )
    .toBe('COMPLETED');
}

/**
 * Saves a screenshot under test-results/screens/<name>.png (look at them: they are the review).
 * CI sets E2E_SCREENS=0: nobody looks at its screenshots, and some 280 full-page shots per leg
 * cost minutes of its time.
 */
export async function screen(page: Page, name: string): Promise<void> {
  if (!E2E.screens) return;
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/** `test` with a ready `signIn(email)` bound to the test's page. */
export const test = base.extend<{
  signIn: (email: string, opts?: { password?: string; to?: string }) => Promise<void>;
}>({
  // Every goto and reload waits until the page has finished streaming and hydrating: until then
  // React may hold a hidden second copy of the content, and a strict locator sees two of everything.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const res = await goto(...args);
      await page.waitForLoadState('networkidle');
      return res;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const res = await reload(...args);
      await page.waitForLoadState('networkidle');
      return res;
    };
    await use(page);
  },
  signIn: async ({ page }, use) => {
    await use((email, opts) => signIn(page, email, opts));
  },
});

export { expect };
