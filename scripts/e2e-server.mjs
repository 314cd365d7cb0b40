#!/usr/bin/env node
// The server Playwright starts: `npm start` on a fresh database of its own (a new PGlite folder,
// or with DATABASE_URL a new database `<name>_e2e` on the same server, so the browser tests never
// meet rows other suites wrote), demo data seeded, simulator control plane on.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';

const port = process.env.E2E_PORT || '3100';
const env = { ...process.env, PORT: port, NEXTAUTH_URL: `http://localhost:${port}`, SEED_DEMO: '1', SIM_CONTROL: '1' };
env.SIM_COMMAND_MS ||= '600';
env.APP_SECRET ||= 'e2e-app-secret-0123456789abcdef0123456789';
env.NEXTAUTH_SECRET ||= 'e2e-nextauth-secret';
env.SESSION_MAX_AGE ||= String(8 * 3600);
env.WEBHOOK_ALLOW_LOOPBACK ||= '1';

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
  env.PGLITE_DIR = path.join(process.cwd(), '.data', `e2e-${port}`);
  rmSync(env.PGLITE_DIR, { recursive: true, force: true });
}

const child = spawn(process.execPath, ['scripts/start.mjs'], { stdio: 'inherit', env });
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => process.exit(code ?? 0));
