import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO, expect, signIn, test, unlockAndWait } from './fixtures';
import { childEnv, E2E, serverDatabaseUrl } from './env';

// Live updates across server processes: an administrator unlocks through one process, the owner's
// activity page is served by another, and the entry still appears there within a second (the
// change travels through Postgres LISTEN/NOTIFY, not process memory). Two processes can share only
// a Postgres database: the embedded PGlite belongs to one process.

const port = E2E.port;
const otherPort = port + 1;
let other: ChildProcess | undefined;

if (E2E.databaseUrl) twoProcesses();
else onePglite();

function twoProcesses() {
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // the database and secrets of the server Playwright started (scripts/e2e-server.mjs)
    const secrets = JSON.parse(readFileSync(path.join('.data', `e2e-${port}.secrets.json`), 'utf8')) as Record<
      string,
      string
    >;
    other = spawn(process.execPath, ['scripts/start.mjs'], {
      stdio: 'ignore',
      env: childEnv({
        ...secrets,
        DATABASE_URL: serverDatabaseUrl(),
        PORT: String(otherPort),
        NEXTAUTH_URL: `http://localhost:${otherPort}`,
        HOST: '127.0.0.1',
        DEMO: '1',
        SEED_DEMO: '0',
        SIM_CONTROL: '1',
        SIM_COMMAND_MS: '600',
        // the demo's bridges are the first server's (scripts/demo-bridges.mjs wrote where they listen):
        // a second process reaches the same doors, as the cluster's processes do
        DEMO_BRIDGES_FILE: path.join(process.cwd(), '.data', `demo-bridges-${port}.json`),
        REQUEST_LOG: '0',
        API_RATE_LIMIT: '1000000',
        API_RATE_LIMIT_COMMANDS: '1000000',
      }),
    });
    const end = Date.now() + 150_000;
    for (;;) {
      if (
        await fetch(`http://localhost:${otherPort}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > end) throw new Error('the second server process did not start');
      await new Promise((r) => setTimeout(r, 500));
    }
  });

  test.afterAll(() => {
    other?.kill('SIGTERM');
  });

  test('an unlock through one server process appears on a page served by another, without a reload', async ({
    page,
    browser,
  }) => {
    await signIn(page, DEMO.owner, { to: '/activity' });
    await expect(page.getByTestId('live-status')).toHaveText('Live');
    const context = await browser.newContext({ baseURL: `http://localhost:${otherPort}` });
    const admin = await context.newPage();
    await signIn(admin, DEMO.admin, { to: '/devices' });
    expect(new URL(admin.url()).port).toBe(String(otherPort));
    await unlockAndWait(admin, 'Front door');
    // a few seconds, not one: how fast the event crosses is the bench's business, and CI's machine is loaded
    const first = page.getByRole('list', { name: 'Activity entries' }).getByRole('listitem').first();
    await expect(first).toContainText('Unlocked remotely', { timeout: 5000 });
    await expect(first).toContainText('Adam Admin');
    await context.close();
  });
}

/** The embedded database belongs to one process: asking for several refuses at once, saying why. */
function onePglite() {
  test('on the embedded database, start:cluster refuses with the reason instead of starting processes that cannot share it', () => {
    const env = childEnv({ DATABASE_URL: undefined });
    const r = spawnSync(process.execPath, ['scripts/cluster.mjs'], { env, encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Refusing to start a cluster without DATABASE_URL');
  });
}
