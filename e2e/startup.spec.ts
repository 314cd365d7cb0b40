import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { childEnv, E2E } from './env';

/**
 * Starting the server (docs/security.md, "Deployment"), with the build the other tests use: a bare
 * `next start` with DATABASE_URL and a short secret stops at once with one line; `npm start`
 * without DATABASE_URL makes its own secrets and listens on loopback only.
 */
const port = E2E.port + 1;
const bin = (n: string) => path.join(process.cwd(), 'node_modules', '.bin', n);
const clean = () =>
  childEnv(
    Object.fromEntries(
      ['APP_SECRET', 'NEXTAUTH_SECRET', 'DATABASE_URL', 'PGLITE_DIR', 'HOST', 'SECRETS_FILE'].map((k) => [
        k,
        undefined,
      ]),
    ),
  );

test('a bare `next start` with DATABASE_URL and a short secret refuses to start, in one line', () => {
  const r = spawnSync(bin('next'), ['start', '-p', String(port)], {
    env: {
      ...clean(),
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      APP_SECRET: 'x'.repeat(40),
      NEXTAUTH_SECRET: 'dev-only-nextauth-secret',
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.status).toBe(1);
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Refusing to start: NEXTAUTH_SECRET is too short \(24 bytes\): it needs 32 or more/);
});

test('npm start without DATABASE_URL: its own secrets, readable by its owner only, and loopback only', async () => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'demo-'));
  let server: ChildProcess | undefined;
  try {
    let out = '';
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      env: {
        ...clean(),
        PORT: String(port),
        PGLITE_DIR: path.join(dir, 'pglite'),
        SEED_DEMO: '0',
        BACKGROUND_WORKERS: '0',
        // its demo bridges beside, not on, those of the server the other tests use (PORT + 500 and + 501)
        VIRTUAL_BRIDGE_PORT: String(port + 600),
      },
    });
    server = child;
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status, {
        timeout: 150_000,
      })
      .toBe(200);
    expect(out).toContain('Listening on 127.0.0.1 only');

    // inside the data folder named (never its parent), both private
    const file = path.join(dir, 'pglite', 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dir, 'pglite')).mode & 0o777).toBe(0o700);
    // the demo mailbox is there, for this machine only
    expect((await fetch(`http://127.0.0.1:${port}/mailbox`)).status).toBe(200);
    const secrets = JSON.parse(readFileSync(file, 'utf8'));
    for (const n of ['APP_SECRET', 'NEXTAUTH_SECRET'])
      expect(Buffer.from(secrets[n], 'base64url').length).toBeGreaterThanOrEqual(32);

    // another address of this machine does not reach it
    const other = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (other)
      await expect(
        fetch(`http://${other.address}:${port}/api/health`, { signal: AbortSignal.timeout(3000) }),
      ).rejects.toThrow();
  } finally {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dir, { recursive: true, force: true });
  }
});
