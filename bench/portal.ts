// `npm run bench:portal`: how soon Home and Activity show their content in Chromium, on the demo
// data (issue 33: within 300 ms p50). Starts the production server like the browser tests do
// (scripts/e2e-server.mjs, its own PGlite folder or DATABASE_URL), signs in as the demo owner and
// loads each page BENCH_LOADS times (default 20), timing from the navigation until the page's own
// data is on screen (not its skeleton). Prints median and p95 and writes them into
// docs/benchmarks.md between the "portal" markers. A measurement, not a test: the numbers depend
// on the machine.
//
// BENCH_SIZE=large (issue 34 item 3): instead, the bench's big organization (bench/seed-large.ts:
// 10,000 devices, 2,000 people, 50 groups, 5,000 access records, BENCH_ACTIVITY_ROWS entries) on
// a Postgres database of its own, served by the bench's production build with its locks behind the
// bench's bridge; the browser carries the bench user's session (they own the organization), and
// Home, Devices, People and Activity are timed against 500 ms p50, into the "portal-large" markers.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
// @ts-expect-error plain ESM script without types, shared with scripts/start.mjs
import { buildIsStale } from '../scripts/build-state.mjs';
import { type BenchBridge, startBenchBridge } from './bridge';
import { activityRows, type BenchData } from './seed-large';
import { benchEnv, bridgePort, createPostgres, distDir, prepareData, root, sh } from './server';
import { config } from '../lib/config';
import { childEnv, harness } from '../lib/config/harness';

const PORT = harness().BENCH_PORT ?? 3400;
const BASE = `http://localhost:${PORT}`;
const LOADS = harness().BENCH_LOADS;
// issue 33: Home and Activity within 300 ms p50 (issue 22 asked 500 ms)
const TARGET_MS = 300;
const LARGE = harness().BENCH_SIZE === 'large';
// issue 34: at the big organization's size, its pages within 500 ms p50
const LARGE_TARGET_MS = 500;

interface Measured {
  name: string;
  path: string;
  content: (p: Page) => ReturnType<Page['locator']>;
  /** the same content as an XPath, checked inside the page at every frame (see `shownAt`) */
  xpath?: string;
}

/** A table's first body row, the table named by its caption. */
const firstRow = (caption: string) => `//table[caption[normalize-space()='${caption}']]/tbody/tr`;

/**
 * When the page's content was first on screen, in ms from the navigation's start, by the page's own
 * clock: checked at every animation frame inside the page. Playwright's own wait (the wall-clock
 * column) polls at growing intervals and also counts the navigation's start from the test process.
 */
async function shownAt(page: Page, xpath: string): Promise<number> {
  const t = await page.waitForFunction(
    (x) => {
      const el = document.evaluate(x, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue;
      return el instanceof Element && el.checkVisibility() ? Math.round(performance.now()) : false;
    },
    xpath,
    { polling: 'raf', timeout: 120_000 },
  );
  return (await t.jsonValue()) as number;
}

/** The big organization's pages and what shows that their data has arrived. */
const LARGE_PAGES: Measured[] = [
  {
    name: 'Home',
    path: '/home',
    // the big organization's doors may all be fine: then Home says so instead of listing them
    content: (p) =>
      p
        .getByRole('list', { name: 'Needs attention' })
        .getByRole('listitem')
        .first()
        .or(p.getByText('All good', { exact: true })),
    xpath: "//ul[@aria-label='Needs attention']/li | //*[text()='All good']",
  },
  {
    name: 'Devices',
    path: '/devices',
    content: (p) => p.getByRole('table', { name: 'Your devices' }).getByRole('row').nth(1),
    xpath: firstRow('Your devices'),
  },
  {
    name: 'People',
    path: '/organization/people',
    content: (p) => p.getByRole('table', { name: 'People of the organization' }).getByRole('row').nth(1),
    xpath: firstRow('People of the organization'),
  },
  {
    name: 'Activity',
    path: '/activity',
    content: (p) => p.getByRole('list', { name: 'Activity entries' }).getByRole('listitem').first(),
    xpath: "//ul[@aria-label='Activity entries']/li",
  },
];

/** The pages and what shows that their data has arrived. */
const PAGES: Measured[] = [
  {
    name: 'Home',
    path: '/home',
    content: (p) => p.getByRole('list', { name: 'Needs attention' }).getByRole('listitem').first(),
  },
  {
    name: 'Activity',
    path: '/activity',
    content: (p) => p.getByRole('list', { name: 'Activity entries' }).getByRole('listitem').first(),
  },
];

async function healthy(ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (
      await fetch(`${BASE}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not become healthy');
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** The big organization on a Postgres database of its own, served by the bench's build; stop() drops it. */
async function startLarge(): Promise<{ data: BenchData; stop: () => Promise<void> }> {
  if (!existsSync(path.join(root, distDir)) || buildIsStale(root, path.join(root, distDir))) {
    console.log('Building (production)...');
    sh(
      process.execPath,
      [path.join(root, 'node_modules/next/dist/bin/next'), 'build'],
      childEnv({ NEXT_DIST_DIR: distDir }),
    );
  }
  const env = benchEnv(PORT, { BENCH_SIZE: 'large' });
  const dropDb = createPostgres(env, 'sl_portal');
  let bridge: BenchBridge | undefined;
  let server: ChildProcess | undefined;
  const stop = async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await bridge?.stop();
    dropDb();
  };
  try {
    bridge = await startBenchBridge(bridgePort(PORT), env.SIM_COMMAND_MS ?? '0', env);
    console.log('Seeding the big organization...');
    const data = prepareData(env, bridge);
    server = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    await healthy(300_000);
    return { data, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** The browser signed in: the demo owner through the sign-in page, or the bench user's session cookie. */
async function signedIn(context: BrowserContext, data: BenchData | undefined): Promise<Page> {
  const page = await context.newPage();
  if (data) {
    const [name, value] = data.sessionCookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: BASE }]);
    return page;
  }
  await page.goto(`${BASE}/sign-in`);
  await page.getByLabel('E-mail').fill('owner@demo.test');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/sign-in'));
  return page;
}

async function main(): Promise<void> {
  let stopServer: () => Promise<void>;
  let data: BenchData | undefined;
  if (LARGE) {
    const large = await startLarge();
    data = large.data;
    stopServer = large.stop;
  } else {
    const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: childEnv({ E2E_PORT: String(PORT) }),
      detached: true,
    });
    stopServer = async () => {
      process.kill(-server.pid!, 'SIGTERM');
    };
  }
  try {
    if (!LARGE) await healthy(900_000);
    const browser = await chromium.launch({
      executablePath: harness().CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await signedIn(context, data);
    const target = LARGE ? LARGE_TARGET_MS : TARGET_MS;
    const rows: string[] = [];
    // what each load asked of the server, until its data showed: where a slow page waits
    let asked: Array<{ path: string; ms: number; bytes: number }> = [];
    page.on('requestfinished', async (r) => {
      const t = r.timing();
      const sizes = await r.sizes().catch(() => undefined);
      const u = new URL(r.url());
      if (u.origin === BASE && !u.pathname.startsWith('/_next/static'))
        asked.push({ path: u.pathname + u.search, ms: Math.round(t.responseEnd), bytes: sizes?.responseBodySize ?? 0 });
    });
    for (const p of LARGE ? LARGE_PAGES : PAGES) {
      const times: number[] = [];
      // where a load's time goes: the HTML's first and last byte, the document parsed, the data shown
      const split = { firstByte: [] as number[], html: [] as number[], parsed: [] as number[], shown: [] as number[] };
      for (let i = 0; i < LOADS + 2; i++) {
        asked = [];
        const started = Date.now();
        await page.goto(`${BASE}${p.path}`, { waitUntil: 'commit' });
        const [shown] = await Promise.all([
          p.xpath ? shownAt(page, p.xpath) : undefined,
          p.content(page).waitFor({ state: 'visible', timeout: 120_000 }),
        ]);
        if (i < 2) continue; // the first two warm the server's caches
        times.push(Date.now() - started);
        if (shown !== undefined) split.shown.push(shown);
        const nav = await page.evaluate(() => {
          const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
          return n ? [n.responseStart, n.responseEnd, n.domInteractive].map(Math.round) : [0, 0, 0];
        });
        split.firstByte.push(nav[0]);
        split.html.push(nav[1]);
        split.parsed.push(nav[2]);
      }
      console.log(
        `  p50: HTML first byte ${pct(split.firstByte, 50)} ms, last byte ${pct(split.html, 50)} ms, parsed ${pct(split.parsed, 50)} ms, data shown ${split.shown.length ? `${pct(split.shown, 50)} ms in the page, ` : ''}${pct(times, 50)} ms waited`,
      );
      // the last load's requests, slowest first (ms from the request until its answer's end)
      for (const a of asked.sort((x, y) => y.ms - x.ms).slice(0, 6))
        console.log(
          `    ${String(a.ms).padStart(6)} ms ${String(Math.round(a.bytes / 1024)).padStart(7)} KiB  ${a.path}`,
        );
      // judged by the page's own clock where it has one (what a person sees), the wait beside it
      const judged = split.shown.length ? split.shown : times;
      const [p50, p95] = [pct(judged, 50), pct(judged, 95)];
      rows.push(
        `| ${p.name} (${p.path}) | ${LOADS} | ${p50} | ${p95} | ${Math.max(...judged)} | ${pct(times, 50)} | p50 ≤ ${target} ms | ${p50 <= target ? 'PASS' : 'FAIL'} |`,
      );
      console.log(
        `${p.name}: p50 ${p50} ms, p95 ${p95} ms, max ${Math.max(...judged)} ms (waited p50 ${pct(times, 50)} ms)`,
      );
    }
    await browser.close();
    const marker = LARGE ? 'portal-large' : 'portal';
    const what = LARGE
      ? `the big organization of \`BENCH_SIZE=large\` (10,000 devices, 2,000 people, 50 groups, 5,000 access records, ${activityRows().toLocaleString('en')} activity entries) on Postgres, signed in as its owner`
      : `the demo data on ${config().DATABASE_URL ? 'Postgres' : 'PGlite'}, signed in as the demo owner`;
    const table = [
      `<!-- ${marker} -->`,
      `Measured by \`${LARGE ? 'BENCH_SIZE=large ' : ''}npm run bench:portal\` on ${new Date().toISOString().slice(0, 10)}: ${what}, Chromium at 1280 × 800; from the navigation's start until the page's own data is on screen, by the page's clock checked at every frame where the page has such a check (the big organization's pages), else as waited for from the test process; "waited" is the latter, which also counts Playwright's polling and the navigation's start from outside.`,
      '',
      '| page | loads | p50 ms | p95 ms | max ms | waited p50 ms | target | result |',
      '|---|---:|---:|---:|---:|---:|---|---|',
      ...rows,
      `<!-- /${marker} -->`,
    ].join('\n');
    const doc = readFileSync('docs/benchmarks.md', 'utf8');
    const marked = new RegExp(`<!-- ${marker} -->[\\s\\S]*<!-- /${marker} -->`);
    const heading = LARGE ? 'Portal pages of a big organization' : 'Portal pages';
    writeFileSync(
      'docs/benchmarks.md',
      marked.test(doc) ? doc.replace(marked, table) : `${doc.trimEnd()}\n\n## ${heading}\n\n${table}\n`,
    );
  } finally {
    await stopServer();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
