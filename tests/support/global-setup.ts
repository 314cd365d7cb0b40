import { applyTestEnv } from './env';

/** On a real Postgres, migrate once before the workers start (they would race otherwise), and drop what a former run sealed. */
export default async function setup() {
  applyTestEnv();
  if (!process.env.DATABASE_URL) return;
  const { getDb, closeDb } = await import('../../db/client');
  const { sql } = await import('drizzle-orm');
  const db = await getDb();
  // each run has secrets of its own: a signing key a former run left in this database is sealed
  // under another APP_SECRET, so it goes (the certificate tests make a new one)
  await db.execute(sql`delete from service_keys`);
  await closeDb();
}
