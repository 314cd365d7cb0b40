import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, ensureSecrets, secretProblem } from './config';

/** Where the secrets come from: the environment, or the embedded demo's own file. */
const NAMES = ['APP_SECRET', 'NEXTAUTH_SECRET', 'DATABASE_URL', 'PGLITE_DIR', 'SECRETS_FILE'] as const;
let saved: Record<string, string | undefined>;
let dir: string;
beforeEach(() => {
  saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
  for (const n of NAMES) delete process.env[n];
  dir = mkdtempSync(path.join(tmpdir(), 'secrets-'));
});
afterEach(() => {
  for (const n of NAMES) {
    if (saved[n] === undefined) delete process.env[n];
    else process.env[n] = saved[n];
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('the embedded demo generates its secrets once, into its data folder', () => {
  it('32 random bytes each, in a file only its owner may read, reused by the next start', () => {
    process.env.PGLITE_DIR = path.join(dir, 'data', 'pglite');
    expect(ensureSecrets()).toBe('generated');
    const file = path.join(dir, 'data', 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    for (const n of ['APP_SECRET', 'NEXTAUTH_SECRET'] as const) {
      expect(Buffer.from(stored[n], 'base64url').length).toBeGreaterThanOrEqual(32);
      expect(process.env[n]).toBe(stored[n]);
    }
    expect(stored.APP_SECRET).not.toBe(stored.NEXTAUTH_SECRET);
    // the next start
    delete process.env.APP_SECRET;
    delete process.env.NEXTAUTH_SECRET;
    expect(ensureSecrets()).toBe('data folder');
    expect(process.env.APP_SECRET).toBe(stored.APP_SECRET);
  });

  it('a copy of the file readable by others is made private again; a broken one stops the start', () => {
    process.env.SECRETS_FILE = path.join(dir, 'secrets.json');
    writeFileSync(process.env.SECRETS_FILE, JSON.stringify({ APP_SECRET: 'a'.repeat(43), NEXTAUTH_SECRET: 'b'.repeat(43) }), { mode: 0o644 });
    expect(ensureSecrets()).toBe('data folder');
    expect(statSync(process.env.SECRETS_FILE).mode & 0o777).toBe(0o600);
    delete process.env.APP_SECRET;
    delete process.env.NEXTAUTH_SECRET;
    writeFileSync(process.env.SECRETS_FILE, '{"nothing":1}');
    expect(() => ensureSecrets()).toThrow(ConfigError);
  });
});

describe('a deployment (DATABASE_URL) brings its own secrets or does not start', () => {
  it.each([
    [{}, /^APP_SECRET is not set/],
    [{ APP_SECRET: 'x'.repeat(31), NEXTAUTH_SECRET: 'y'.repeat(40) }, /^APP_SECRET is too short \(31 bytes\)/],
    [{ APP_SECRET: 'x'.repeat(40) }, /^NEXTAUTH_SECRET is not set/],
    [{ APP_SECRET: 'x'.repeat(40), NEXTAUTH_SECRET: 'dev-only-nextauth-secret' }, /^NEXTAUTH_SECRET is too short/],
  ])('%j -> one line naming the variable', (env, line) => {
    process.env.DATABASE_URL = 'postgres://nobody@127.0.0.1:1/none';
    Object.assign(process.env, env);
    expect(() => ensureSecrets()).toThrow(line);
    expect(secretProblem()).not.toContain('\n');
    expect(readdirSync(dir)).toEqual([]); // nothing is generated for a deployment
  });

  it('long enough secrets pass', () => {
    process.env.DATABASE_URL = 'postgres://nobody@127.0.0.1:1/none';
    Object.assign(process.env, { APP_SECRET: 'x'.repeat(32), NEXTAUTH_SECRET: 'y'.repeat(44) });
    expect(ensureSecrets()).toBe('environment');
  });
});
