// Migrates the benchmark database and loads the large dataset; prints its ids as JSON on the last line.
import { closeDb, getDb } from '../db/client';
import { seedLarge } from './seed-large';

async function main() {
  const db = await getDb();
  const data = await seedLarge(db, (m) => console.log(m));
  await closeDb();
  console.log(JSON.stringify(data));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
