// `npm run db:seed`: load the demo dataset (idempotent: running it twice changes nothing).
import { closeDb, getDb } from '../db/client';
import { seedDemo } from '../db/seed';

async function main() {
  const db = await getDb();
  await seedDemo(db, { log: console.log });
  await closeDb();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
