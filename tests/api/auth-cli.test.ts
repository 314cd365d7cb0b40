import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { childEnv, onPostgres } from '@/tests/support/config';
import { migrationsFolder, type Db } from '@/db/client';
import * as schema from '@/db/schema';
import { callerFromKey } from '@/lib/auth/keys';
import { hashPassword } from '@/lib/auth/password';
import { db as testDb } from '../support/factories/core';

/**
 * scripts/apikey.ts, run as operators run it (tsx in a child process). On Postgres it shares the
 * test database; on PGlite it gets its own folder (PGlite allows one process per folder), which
 * this test opens only while the CLI is not running.
 */
const pg = onPostgres();
const dir = pg ? '' : mkdtempSync(path.join(tmpdir(), 'apikey-cli-'));
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

function cli(...args: string[]) {
  const env = childEnv(pg ? {} : { PGLITE_DIR: dir });
  const r = spawnSync(path.resolve('node_modules/.bin/tsx'), ['scripts/apikey.ts', ...args], {
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, lastLine: r.stdout.trimEnd().split('\n').at(-1) ?? '' };
}

/** Runs `fn` with the database the CLI writes to. */
async function withCliDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  if (pg) return fn(await testDb());
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite(dir);
  try {
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder }); // idempotent; the CLI may not have run yet
    return await fn(db as unknown as Db);
  } finally {
    await client.close();
  }
}

// each case starts the CLI (tsx, then the database opened and migrated) up to four times: seconds
// alone, over a minute on a loaded CI machine, where the default 60 s cut a passing case short
const SLOW = { timeout: 300_000 };

describe('npm run apikey -- create', () => {
  it('refuses an unknown e-mail with exit code 1 and a clear message', SLOW, () => {
    const r = cli('create', '--email', `nobody-${Date.now()}@test.local`, '--scopes', 'Device.Read');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/No user with e-mail nobody-/);
    expect(r.stdout).toBe('');
  });

  it('refuses an unknown scope, a missing option and a bad --days with exit code 1', SLOW, () => {
    const bad = cli('create', '--email', 'x@test.local', '--scopes', 'Device.Read,Door.Open');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/unknown scope "Door\.Open"; known scopes: DeviceShare\.Read/);
    expect(cli('create', '--email', 'x@test.local').stderr).toMatch(/--scopes is required/);
    expect(cli('create', '--email', 'x@test.local', '--scopes', 'Device.Read', '--days', 'soon').stderr).toMatch(
      /--days must be a whole number/,
    );
    expect(cli('create', '--email', 'x@test.local', '--scopes', 'Device.Read', '--days', '4000').code).toBe(1);
    expect(cli('delete').code).toBe(1);
  });

  it('creates a working key with those scopes and prints it alone on the last line', SLOW, async () => {
    const email = `Cli-${Date.now()}@Test.local`;
    await withCliDb(async (db) => {
      await db.insert(schema.users).values({ email, displayName: 'CLI user', passwordHash: await hashPassword('x') });
    });
    const r = cli(
      'create',
      '--email',
      email.toLowerCase(),
      '--scopes',
      'Device.Read, Lock.Operate',
      '--name',
      'bench',
      '--days',
      '7',
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.lastLine).toMatch(/^slk_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    await withCliDb(async (db) => {
      const caller = await callerFromKey(db, r.lastLine, new Date());
      expect(caller?.email).toBe(email);
      expect([...caller!.scopes].sort()).toEqual(['Device.Read', 'Lock.Operate']);
      const [row] = await db
        .select()
        .from(schema.personalAccessKeys)
        .where(eq(schema.personalAccessKeys.id, caller!.keyId!));
      expect(row.name).toBe('bench');
      expect(Math.abs(row.validTo.getTime() - Date.now() - 7 * 86_400_000)).toBeLessThan(120_000);
    });
  });
});
