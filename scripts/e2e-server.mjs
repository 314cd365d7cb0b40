#!/usr/bin/env node
// The server Playwright starts: `npm start` on a fresh database of its own (a new PGlite folder,
// or with DATABASE_URL a new database `<name>_e2e_<port>` on the same server, so the browser tests
// never meet rows other suites wrote), demo data seeded, simulator control plane on; with
// E2E_CLUSTER=1 two such processes behind HAProxy. Its secrets
// are new random ones each time, never values written in the repository; the tests that need one
// (a cookie signed with the server's own secret) read them from .data/e2e-<port>.secrets.json.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';

const port = process.env.E2E_PORT || '3100';
const secrets = {
  APP_SECRET: randomBytes(32).toString('base64url'),
  NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
};
const env = {
  ...process.env,
  ...secrets,
  PORT: port,
  NEXTAUTH_URL: `http://localhost:${port}`,
  DEMO: '1',
  SEED_DEMO: '1',
  SIM_CONTROL: '1',
};
env.SIM_COMMAND_MS ||= '600';
env.SESSION_MAX_AGE ||= String(8 * 3600);
env.WEBHOOK_ALLOW_LOOPBACK ||= '1';
env.REQUEST_LOG ||= '0'; // one line per API call would bury the test output
// the browser tests drive the demo accounts far harder than a person: generous API budgets (docs/security.md, "Rate limits")
env.API_RATE_LIMIT ||= '1000000';
env.API_RATE_LIMIT_COMMANDS ||= '1000000';

const data = path.join(process.cwd(), '.data');
mkdirSync(data, { recursive: true, mode: 0o700 });
writeFileSync(path.join(data, `e2e-${port}.secrets.json`), JSON.stringify(secrets), { mode: 0o600 });

if (env.DATABASE_URL) {
  const url = new URL(env.DATABASE_URL);
  const name = `${url.pathname.slice(1)}_e2e_${port}`;
  url.pathname = '/postgres';
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
} else {
  env.PGLITE_DIR = path.join(data, `e2e-${port}`);
  rmSync(env.PGLITE_DIR, { recursive: true, force: true });
}

// E2E_CLUSTER=1 (CI's Postgres leg): the production shape, several processes behind HAProxy
// (scripts/cluster.mjs), so whatever one process kept in its memory shows up as a failing test
const child = spawn(process.execPath, [env.E2E_CLUSTER === '1' ? 'scripts/cluster.mjs' : 'scripts/start.mjs'], {
  stdio: 'inherit',
  env,
});
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => process.exit(code ?? 0));
