import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setConfig, childEnv } from '@/tests/support/config';
import { demoMode } from '@/lib/config/env';
import { wantsDemoData } from '@/lib/server/start';

/**
 * How the server starts (docs/security.md, "Deployment"): a deployment without its secrets does
 * not; nothing of the demo appears with DATABASE_URL unless asked for; serving needs no tsx.
 * (The real server refusing, and the embedded demo on loopback: e2e/startup.spec.ts.)
 */

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ['scripts/start.mjs'], {
    env: childEnv({ APP_SECRET: undefined, NEXTAUTH_SECRET: undefined, DATABASE_URL: undefined, ...env }),
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
    setConfig({ DATABASE_URL: undefined, SEED_DEMO: undefined, DEMO: undefined });
    expect(demoMode()).toBe(true);
    expect(await wantsDemoData(empty)).toBe(true);
    expect(await wantsDemoData(used)).toBe(false);
    setConfig({ DEMO: '0' });
    expect(demoMode()).toBe(false);
    expect(await wantsDemoData(empty)).toBe(false);
  });

  it('with DATABASE_URL: nothing of it, unless DEMO=1 or SEED_DEMO=1 (or npm run db:seed)', async () => {
    setConfig({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', SEED_DEMO: undefined, DEMO: undefined });
    expect(demoMode()).toBe(false);
    expect(await wantsDemoData(empty)).toBe(false);
    setConfig({ DEMO: '1' });
    expect(demoMode()).toBe(true);
    expect(await wantsDemoData(empty)).toBe(true);
    setConfig({ DEMO: undefined, SEED_DEMO: '1' });
    expect(await wantsDemoData(used)).toBe(true);
  });

  it('serving needs no tsx: npm start runs next start, which migrates and seeds in the server (instrumentation)', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(pkg.scripts.start).toBe('node scripts/start.mjs');
    expect(readFileSync('scripts/start.mjs', 'utf8')).not.toMatch(/tsx/);
    expect(readFileSync('instrumentation.ts', 'utf8')).toMatch(/startServer/);
  });
});
