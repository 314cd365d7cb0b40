import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, onPostgres } from '@/tests/support/config';
import { closeDb } from '@/db/client';
import { lockWithCast } from '../support/factories/core';
import { insertPins } from '../support/factories/pins';
import { call, ensureBuild, freshStore, portAt, startServer, stopServer, type Server, type Store } from './support';

/**
 * Issue 30, item 5: a backup restored into a fresh database serves. `npm run db:backup` and
 * `npm run db:restore` (scripts/db-backup.ts): on PGlite the data folder through PGlite's own
 * dump and load, on Postgres pg_dump and pg_restore. The backup is taken of a database with a lock,
 * its owner's access key and a PIN; restored into a new folder (a new database); a server started
 * on it answers the key with the lock and the PIN, and takes a new write.
 */
const pg = onPostgres();
let source: Store | undefined;
let target: Store | undefined;
let server: Server | undefined;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'smartlock-backup-'));

function run(verb: 'backup' | 'restore', file: string, store: Store, extra: string[] = []) {
  const env = childEnv({ ...store.env, PORT: String(portAt(91)) });
  if (store.kind === 'pglite') delete env.DATABASE_URL;
  const r = spawnSync(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'scripts/db-backup.ts', verb, file, ...extra],
    {
      env,
      encoding: 'utf8',
    },
  );
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe(`backup and restore (${pg ? 'Postgres: pg_dump, pg_restore' : 'PGlite: the data folder'})`, () => {
  beforeAll(async () => {
    await ensureBuild();
  }, 600_000);
  afterAll(async () => {
    await stopServer(server);
    await source?.drop();
    await target?.drop();
    rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  it('a backup restored into a fresh database serves the same locks, keys and PINs', { timeout: 180_000 }, async () => {
    source = await freshStore('backup_src');
    await source.use();
    const cast = await lockWithCast();
    await insertPins(cast.lock.id, [{ alias: 'Before the backup', value: '572913' }]);
    await closeDb(); // PGlite: one process per folder
    const file = path.join(tmp, pg ? 'db.dump' : 'db.tar.gz');
    const b = run('backup', file, source);
    expect(b.code, b.out).toBe(0);
    expect(b.out).toMatch(/Backed up/);

    target = await freshStore('backup_dst');
    const r = run('restore', file, target);
    expect(r.code, r.out).toBe(0);
    // the restore refuses to write over a database that has data (PGlite: without --force)
    if (!pg) expect(run('restore', file, target).code).not.toBe(0);

    server = await startServer(portAt(90), target, { SIM_COMMAND_MS: '10' });
    const lock = await call(server.url, 'GET', `/api/v37/my/lock/${cast.lock.id}`, cast.owner.key);
    expect(lock.status, JSON.stringify(lock.json)).toBe(200);
    expect(lock.json.result.id).toBe(cast.lock.id);
    const pins = await call(server.url, 'GET', `/api/v37/my/lock/${cast.lock.id}/pin`, cast.owner.key);
    expect(pins.json.result.pins.map((p: { alias: string }) => p.alias)).toEqual(['Before the backup']);
    const write = await call(server.url, 'POST', `/api/v37/my/lock/${cast.lock.id}/pin`, cast.owner.key, {
      alias: 'After the restore',
      pin: '683024',
    });
    expect(write.status, JSON.stringify(write.json)).toBe(201);
  });
});
