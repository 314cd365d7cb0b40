import { DEMO, expect, signIn, test } from './fixtures';

/** The API reference (issue 20): reached from Settings > Access keys, and a call made from it with a key. */
test('from Access keys to the API reference, and a call with a key from it answers with the locks', async ({
  page,
}) => {
  await signIn(page, DEMO.owner, { to: '/settings/access-keys' });
  const origin = new URL(page.url()).origin;
  const made = await page.request.post('/api/v37/my/personalaccesskey', {
    headers: { origin },
    data: { name: `Docs ${Date.now()}`, scopes: ['Device.Read'], days: 1 },
  });
  expect(made.status()).toBe(201);
  const key = (await made.json()).result.key as string;

  await page.getByRole('link', { name: 'Use the API' }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel('Your access key, for “Try it”').fill(key);

  const operation = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: /^GET\s*\/api\/v37\/my\/lock$/ }) });
  await operation.getByText('Try it', { exact: true }).click();
  const form = operation.getByRole('form', { name: 'Try GET /api/v37/my/lock', exact: true });
  await form.getByLabel('Query').fill('filters.text=front');
  await form.getByRole('button', { name: 'Send GET' }).click();
  const answer = form.getByRole('status');
  await expect(answer).toContainText('Answer: 200');
  await expect(answer).toContainText('"name": "Front door"');
  await expect(answer).not.toContainText('"name": "Back door"');
  await operation.screenshot({ path: 'test-results/screens/api-docs-try-it.png' });

  // a key that is not one is refused as a program's would be, and the page shows the refusal
  await page.getByLabel('Your access key, for “Try it”').fill('slk_00000000_not-a-key');
  await form.getByRole('button', { name: 'Send GET' }).click();
  await expect(answer).toContainText('Answer: 401');
});

test('the API reference fits a phone and raises no error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/docs/api');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/screens/api-docs-390.png' });
  expect(errors).toEqual([]);
});
