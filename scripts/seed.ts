// `npm run db:seed`: load the demo dataset (idempotent: running it twice changes nothing). Uses the
// same secrets as the server (APP_SECRET, or the embedded demo's own in its data folder): values are
// encrypted with them. Not while the embedded server runs: PGlite allows one process per folder.
import { closeDb, getDb } from '../db/client';
import { seedDemo } from '../db/seed';
import { ensureSecrets } from '../lib/crypto/config';

async function main() {
  ensureSecrets();
  const db = await getDb();
  await seedDemo(db, { log: console.log });
  await closeDb();
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
