import { config } from '@/lib/config';
import { setConfig } from '@/tests/support/config';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, ensureSecrets, secretProblem } from './config';

/** Where the secrets come from: the environment, or the embedded demo's own file. */
const NAMES = ['APP_SECRET', 'NEXTAUTH_SECRET', 'DATABASE_URL', 'PGLITE_DIR', 'SECRETS_FILE'] as const;
let dir: string;
beforeEach(() => {
  // ensureSecrets writes what it generates into the environment: setConfig puts these back after each test
  setConfig(Object.fromEntries(NAMES.map((n) => [n, undefined])));
  dir = mkdtempSync(path.join(tmpdir(), 'secrets-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the embedded demo generates its secrets once, into its data folder', () => {
  it('32 random bytes each, in a file only its owner may read inside the data folder named, reused by the next start', () => {
    setConfig({ PGLITE_DIR: path.join(dir, 'data', 'pglite') });
    expect(ensureSecrets()).toBe('generated');
    // inside the folder the user named, never in its parent (PGLITE_DIR=/tmp/x put it in /tmp)
    const file = path.join(dir, 'data', 'pglite', 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dir, 'data', 'pglite')).mode & 0o777).toBe(0o700);
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    for (const n of ['APP_SECRET', 'NEXTAUTH_SECRET'] as const) {
      expect(Buffer.from(stored[n], 'base64url').length).toBeGreaterThanOrEqual(32);
      expect(config()[n]).toBe(stored[n]);
    }
    expect(stored.APP_SECRET).not.toBe(stored.NEXTAUTH_SECRET);
    // the next start
    setConfig({ APP_SECRET: undefined, NEXTAUTH_SECRET: undefined });
    expect(ensureSecrets()).toBe('data folder');
    expect(config().APP_SECRET).toBe(stored.APP_SECRET);
  });

  it('a file readable by others is refused, naming it; a private one is used; a broken one stops the start', () => {
    setConfig({ SECRETS_FILE: path.join(dir, 'secrets.json') });
    writeFileSync(
      config().SECRETS_FILE!,
      JSON.stringify({ APP_SECRET: 'a'.repeat(43), NEXTAUTH_SECRET: 'b'.repeat(43) }),
      { mode: 0o644 },
    );
    chmodSync(config().SECRETS_FILE!, 0o644);
    expect(() => ensureSecrets()).toThrow(`${config().SECRETS_FILE} can be read by other users`);
    chmodSync(config().SECRETS_FILE!, 0o600);
    expect(ensureSecrets()).toBe('data folder');
    setConfig({ APP_SECRET: undefined, NEXTAUTH_SECRET: undefined });
    writeFileSync(config().SECRETS_FILE!, '{"nothing":1}');
    expect(() => ensureSecrets()).toThrow(ConfigError);
  });
});

describe('a secrets file planted by another local user is never adopted (issue 29)', () => {
  it('PGLITE_DIR=/tmp/x reads no /tmp/secrets.json; a file owned by someone else is refused, naming it', () => {
    const shared = path.join(dir, 'shared');
    setConfig({ PGLITE_DIR: path.join(shared, 'x') });
    // what another user left in the shared parent
    mkdirSync(shared, { recursive: true });
    writeFileSync(
      path.join(shared, 'secrets.json'),
      JSON.stringify({ APP_SECRET: 'p'.repeat(43), NEXTAUTH_SECRET: 'q'.repeat(43) }),
      { mode: 0o600 },
    );
    expect(ensureSecrets()).toBe('generated');
    expect(config().APP_SECRET).not.toBe('p'.repeat(43));
    if (typeof process.getuid === 'function' && process.getuid() === 0) {
      // as root the test can hand the file to another user, as if they had planted it
      setConfig({ APP_SECRET: undefined, NEXTAUTH_SECRET: undefined });
      const planted = path.join(shared, 'x', 'secrets.json');
      chownSync(planted, 65534, 65534);
      expect(() => ensureSecrets()).toThrow(`${planted} belongs to another user`);
    }
  });
});

describe('a deployment (DATABASE_URL) brings its own secrets or does not start', () => {
  it.each([
    [{}, /^APP_SECRET is not set/],
    [{ APP_SECRET: 'x'.repeat(31), NEXTAUTH_SECRET: 'y'.repeat(40) }, /^APP_SECRET is too short \(31 bytes\)/],
    [{ APP_SECRET: 'x'.repeat(40) }, /^NEXTAUTH_SECRET is not set/],
    [{ APP_SECRET: 'x'.repeat(40), NEXTAUTH_SECRET: 'dev-only-nextauth-secret' }, /^NEXTAUTH_SECRET is too short/],
  ])('%j -> one line naming the variable', (env, line) => {
    setConfig({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', ...env });
    expect(() => ensureSecrets()).toThrow(line);
    expect(secretProblem()).not.toContain('\n');
    expect(readdirSync(dir)).toEqual([]); // nothing is generated for a deployment
  });

  it('long enough secrets pass', () => {
    setConfig({
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      APP_SECRET: 'x'.repeat(32),
      NEXTAUTH_SECRET: 'y'.repeat(44),
    });
    expect(ensureSecrets()).toBe('environment');
  });
});
