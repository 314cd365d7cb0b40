// `npm run db:migrate`: apply the committed migrations (the server also does it as it starts).
import { closeDb, dbKind, getDb } from '../db/client';

async function main() {
  await getDb();
  console.log(`Database migrated (${await dbKind()}).`);
  await closeDb();
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
