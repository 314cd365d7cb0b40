import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { demoMode } from '@/lib/config/env';
import { wantsDemoData } from '@/lib/server/start';

/**
 * How the server starts (docs/security.md, "Deployment"): a deployment without its secrets does
 * not; nothing of the demo appears with DATABASE_URL unless asked for; serving needs no tsx.
 * (The real server refusing, and the embedded demo on loopback: e2e/startup.spec.ts.)
 */
const NAMES = ['DATABASE_URL', 'DEMO', 'SEED_DEMO'] as const;
const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
afterEach(() => {
  for (const n of NAMES) {
    if (saved[n] === undefined) delete process.env[n];
    else process.env[n] = saved[n];
  }
});

function start(env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !['APP_SECRET', 'NEXTAUTH_SECRET', 'DATABASE_URL'].includes(k)),
  ) as NodeJS.ProcessEnv;
  return spawnSync(process.execPath, ['scripts/start.mjs'], {
    env: { ...clean, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('npm start with DATABASE_URL refuses without its secrets, in one line naming the variable', () => {
  it.each([
    [{}, /^Refusing to start: APP_SECRET is not set: /],
    [{ APP_SECRET: 'x'.repeat(31) }, /^Refusing to start: APP_SECRET is too short \(31 bytes\)/],
    [
      { APP_SECRET: 'x'.repeat(32), NEXTAUTH_SECRET: 'e2e-nextauth-secret' },
      /^Refusing to start: NEXTAUTH_SECRET is too short \(19 bytes\)/,
    ],
  ])('%j', (secrets, line) => {
    const r = start({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', ...secrets });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(line);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).not.toMatch(/Building/); // before any work
  });
});

describe('the demo is a mode, not the default of a deployment', () => {
  const empty = { execute: async () => [{ n: 0 }] } as never;
  const used = { execute: async () => [{ n: 3 }] } as never;

  it('embedded: demo accounts in an empty database and their password on the sign-in page; DEMO=0 turns it off', async () => {
    delete process.env.DATABASE_URL;
    delete process.env.SEED_DEMO;
    delete process.env.DEMO;
    expect(demoMode()).toBe(true);
    expect(await wantsDemoData(empty)).toBe(true);
    expect(await wantsDemoData(used)).toBe(false);
    process.env.DEMO = '0';
    expect(demoMode()).toBe(false);
    expect(await wantsDemoData(empty)).toBe(false);
  });

  it('with DATABASE_URL: nothing of it, unless DEMO=1 or SEED_DEMO=1 (or npm run db:seed)', async () => {
    process.env.DATABASE_URL = 'postgres://nobody@127.0.0.1:1/none';
    delete process.env.SEED_DEMO;
    delete process.env.DEMO;
    expect(demoMode()).toBe(false);
    expect(await wantsDemoData(empty)).toBe(false);
    process.env.DEMO = '1';
    expect(demoMode()).toBe(true);
    expect(await wantsDemoData(empty)).toBe(true);
    delete process.env.DEMO;
    process.env.SEED_DEMO = '1';
    expect(await wantsDemoData(used)).toBe(true);
  });

  it('serving needs no tsx: npm start runs next start, which migrates and seeds in the server (instrumentation)', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(pkg.scripts.start).toBe('node scripts/start.mjs');
    expect(readFileSync('scripts/start.mjs', 'utf8')).not.toMatch(/tsx/);
    expect(readFileSync('instrumentation.ts', 'utf8')).toMatch(/startServer/);
  });
});
