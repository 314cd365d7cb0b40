import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { config, setEnv } from '../../lib/config';
import { applyTestEnv } from './env';

/**
 * Before the workers start. On a real Postgres: migrate once (the workers would race otherwise) and
 * drop what a former run sealed. On PGlite: make one migrated database and keep its dump
 * (PGLITE_IMAGE), which every test file's in-memory database then starts from (~0.7 s instead of
 * ~3 s to create and migrate one, for each of some 150 files).
 */
export default async function setup() {
  applyTestEnv();
  if (!config().DATABASE_URL) return pgliteImage();
  const { getDb, closeDb } = await import('../../db/client');
  const { sql } = await import('drizzle-orm');
  const db = await getDb();
  // each run has secrets of its own: a signing key a former run left in this database is sealed
  // under another APP_SECRET, so it goes (the certificate tests make a new one)
  await db.execute(sql`delete from service_keys`);
  await closeDb();
}

async function pgliteImage(): Promise<() => void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { migrationsFolder } = await import('../../db/client');
  const client = new PGlite('memory://');
  await migrate(drizzle(client), { migrationsFolder });
  const image = path.join(os.tmpdir(), `smartlock-pglite-image-${process.pid}.tar`);
  writeFileSync(image, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()), { mode: 0o600 });
  await client.close();
  setEnv({ PGLITE_IMAGE: image });
  return () => rmSync(image, { force: true });
}
