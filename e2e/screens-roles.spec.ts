import type { Page } from '@playwright/test';
import { DEMO, expect, screen, signIn, test } from './fixtures';
import { E2E } from './env';

// Every page of the portal, as each of the five demo people, at desktop and phone width: each one
// shows its heading, fits the screen without sideways scrolling, and raises no error in the page.
// The screenshots land in test-results/screens/roles/ for review by eye.

const ROLES = Object.entries(DEMO) as Array<[keyof typeof DEMO, string]>;
const ALL_WIDTHS = [
  ['desktop', 1280, 800],
  ['phone', 390, 844],
] as const;
// E2E_WIDTHS=desktop or phone walks one width (CI: desktop on its PGlite leg, phone on its Postgres
// leg, so each run still walks both, on different databases: 6 walks of ~30 s fewer per leg)
const only = E2E.widths?.split(',');
const WIDTHS = ALL_WIDTHS.filter(([label]) => !only || only.includes(label));
if (!WIDTHS.length) throw new Error(`E2E_WIDTHS=${E2E.widths}: name desktop, phone or both`);

/** What went wrong in the page while it was shown: uncaught errors and console errors. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  const where = () => new URL(page.url()).pathname;
  page.on('pageerror', (e) => errors.push(`${where()}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${where()}: ${m.text().slice(0, 200)}`);
  });
  return errors;
}

/** The places the person's navigation offers, read from the page (the same list on every width). */
async function navHrefs(page: Page): Promise<string[]> {
  return page
    .locator('nav[aria-label="Main"] a')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '').filter(Boolean));
}

/** A lock's pages (overview and its tabs) and a bridge's page, when the person has them. */
async function devicePages(page: Page): Promise<string[]> {
  await page.goto('/devices');
  const links = await page
    .locator('main a[href^="/devices/"]')
    .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href') ?? ''))]);
  const ids = links.map((h) => /^\/devices\/(\d+)$/.exec(h)?.[1]).filter((x): x is string => !!x);
  if (!ids.length) return [];
  const lock = `/devices/${ids[0]}`;
  await page.goto(lock);
  const tabs = await page
    .locator(`main a[href^="${lock}/"]`)
    .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href') ?? ''))]);
  await page.goto('/devices');
  const bridges = await page
    .locator('main a[href^="/devices/"]')
    .filter({ hasText: /bridge/i })
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return [lock, ...tabs, ...bridges.filter((b) => /^\/devices\/\d+$/.test(b) && b !== lock).slice(0, 1)];
}

async function fits(page: Page): Promise<void> {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(over, `${page.url()} is ${over}px wider than the screen`).toBeLessThanOrEqual(0);
}

for (const [label, width, height] of WIDTHS) {
  test.describe(`every page at ${label} width`, () => {
    test.use({ viewport: { width, height } });

    for (const [role, email] of ROLES) {
      test(`as the ${role}`, async ({ page }) => {
        test.setTimeout(180_000);
        await signIn(page, email, { to: '/home' });
        const errors = watchErrors(page);
        const pages = [...new Set([...(await navHrefs(page)), ...(await devicePages(page)), '/settings/security'])];
        expect(pages).toContain('/home');
        for (const path of pages) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
          await expect(page.getByText('Something went wrong'), path).toHaveCount(0);
          await fits(page);
          await screen(page, `roles/${role}-${path.slice(1).replace(/\//g, '_')}-${width}`);
        }
        expect(errors, `errors while showing ${pages.join(', ')}`).toEqual([]);
      });
    }

    test('the pages without sign-in', async ({ page }) => {
      const errors = watchErrors(page);
      for (const path of ['/sign-in', '/sign-up', '/forgot-password', '/check-mail', '/no-such-page']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
        await fits(page);
        await screen(page, `roles/public-${path.slice(1)}-${width}`);
      }
      // the missing page answers 404, which the browser reports as a failed resource
      expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    });
  });
}
