// `npm run bench:portal`: how soon Home and Activity show their content in Chromium, on the demo
// data (issue 33: within 300 ms p50). Starts the production server like the browser tests do
// (scripts/e2e-server.mjs, its own PGlite folder or DATABASE_URL), signs in as the demo owner and
// loads each page BENCH_LOADS times (default 20), timing from the navigation until the page's own
// data is on screen (not its skeleton). Prints median and p95 and writes them into
// docs/benchmarks.md between the "portal" markers. A measurement, not a test: the numbers depend
// on the machine.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';

const PORT = Number(process.env.BENCH_PORT ?? 3400);
const BASE = `http://localhost:${PORT}`;
const LOADS = Number(process.env.BENCH_LOADS ?? 20);
// issue 33: Home and Activity within 300 ms p50 (issue 22 asked 500 ms)
const TARGET_MS = 300;

/** The pages and what shows that their data has arrived. */
const PAGES: Array<{ name: string; path: string; content: (p: Page) => ReturnType<Page['locator']> }> = [
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

async function main(): Promise<void> {
  const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, E2E_PORT: String(PORT) },
    detached: true,
  });
  try {
    await healthy(900_000);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
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
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${BASE}/sign-in`);
    await page.getByLabel('E-mail').fill('owner@demo.test');
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/sign-in'));
    const rows: string[] = [];
    for (const p of PAGES) {
      const times: number[] = [];
      for (let i = 0; i < LOADS + 2; i++) {
        const started = Date.now();
        await page.goto(`${BASE}${p.path}`, { waitUntil: 'commit' });
        await p.content(page).waitFor({ state: 'visible' });
        if (i >= 2) times.push(Date.now() - started); // the first two warm the server's caches
      }
      const [p50, p95] = [pct(times, 50), pct(times, 95)];
      rows.push(
        `| ${p.name} (${p.path}) | ${LOADS} | ${p50} | ${p95} | ${Math.max(...times)} | p50 ≤ ${TARGET_MS} ms | ${p50 <= TARGET_MS ? 'PASS' : 'FAIL'} |`,
      );
      console.log(`${p.name}: p50 ${p50} ms, p95 ${p95} ms, max ${Math.max(...times)} ms`);
    }
    await browser.close();
    const table = [
      '<!-- portal -->',
      `Measured by \`npm run bench:portal\` on ${new Date().toISOString().slice(0, 10)}: the demo data on ${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'}, Chromium at 1280 × 800, signed in as the demo owner; from the navigation until the page's own data is on screen.`,
      '',
      '| page | loads | p50 ms | p95 ms | max ms | target | result |',
      '|---|---:|---:|---:|---:|---|---|',
      ...rows,
      '<!-- /portal -->',
    ].join('\n');
    const doc = readFileSync('docs/benchmarks.md', 'utf8');
    const marked = /<!-- portal -->[\s\S]*<!-- \/portal -->/;
    writeFileSync(
      'docs/benchmarks.md',
      marked.test(doc) ? doc.replace(marked, table) : `${doc.trimEnd()}\n\n## Portal pages\n\n${table}\n`,
    );
  } finally {
    process.kill(-server.pid!, 'SIGTERM');
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
