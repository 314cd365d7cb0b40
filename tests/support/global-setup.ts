import { applyTestEnv } from './env';

/** On a real Postgres, migrate once before the workers start (they would race otherwise). */
export default async function setup() {
  applyTestEnv();
  if (!process.env.DATABASE_URL) return;
  const { getDb, closeDb } = await import('../../db/client');
  await getDb();
  await closeDb();
}
