import type { Browser } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures';
import { E2E } from './env';

/**
 * Issue 33: the embedded demo works at whatever local address `npm start` prints. The server
 * listens on 127.0.0.1 and its public URL says localhost; a person who opens
 * http://127.0.0.1:<port> signs in and makes changes there like at the public URL.
 */
const embedded = !E2E.databaseUrl;

test('the portal at http://127.0.0.1:<port> takes changes, not "Cross-origin request refused"', async ({ browser }) => {
  // a deployment (DATABASE_URL, CI's Postgres leg) takes changes from its public URL only
  // (lib/config/env.ts allowedOrigins): there, 127.0.0.1 is refused
  if (!embedded) return deploymentRefuses(browser);
  const port = E2E.port;
  const ctx = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
  const page = await ctx.newPage();
  await signIn(page, DEMO.owner, { to: '/organization/groups' });
  expect(new URL(page.url()).host).toBe(`127.0.0.1:${port}`);
  const name = `Night shift ${Date.now()}`;
  await page
    .getByRole('button', { name: /New group/ })
    .first()
    .click();
  await page.getByRole('dialog').getByLabel('Name').fill(name);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Create/ })
    .click();
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByText('Cross-origin request refused')).toHaveCount(0);
  // another site's page still cannot write with the person's session
  const origin = 'http://127.0.0.1.evil.example';
  const orgId = (await (await page.request.get('/api/v37/organization')).json()).result.organizations[0].id;
  const forged = await page.request.post(`/api/v37/organization/${orgId}/user-groups`, {
    headers: { origin },
    data: { name: `${name} (forged)` },
  });
  expect(forged.status()).toBe(403);
  await ctx.close();
});

/** A deployment takes no change from an address other than its public URL. */
async function deploymentRefuses(browser: Browser) {
  const port = E2E.port;
  const page = await browser.newPage({ baseURL: `http://localhost:${port}` });
  await signIn(page, DEMO.owner, { to: '/organization/groups' });
  const orgId = (await (await page.request.get('/api/v37/organization')).json()).result.organizations[0].id;
  const name = `Night shift ${Date.now()}`;
  const refused = await page.request.post(`/api/v37/organization/${orgId}/user-groups`, {
    headers: { origin: `http://127.0.0.1:${port}` },
    data: { name },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).errorMessages).toEqual(['Cross-origin request refused.']);
  const allowed = await page.request.post(`/api/v37/organization/${orgId}/user-groups`, {
    headers: { origin: new URL(page.url()).origin },
    data: { name },
  });
  expect(allowed.status()).toBe(200);
  await page.close();
}
