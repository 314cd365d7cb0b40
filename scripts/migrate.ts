// `npm run db:migrate`: apply the committed migrations. With --seed-if-empty (used by `npm start`),
// also load the demo dataset into an empty embedded database, or into any database when SEED_DEMO=1.
import { sql } from 'drizzle-orm';
import { closeDb, dbKind, getDb, rowsOf } from '../db/client';

async function main() {
  const db = await getDb();
  console.log(`Database migrated (${await dbKind()}).`);
  if (process.argv.includes('--seed-if-empty')) {
    const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from users`));
    const wanted = process.env.SEED_DEMO === '1' || (n === 0 && (await dbKind()) === 'pglite' && process.env.SEED_DEMO !== '0');
    if (wanted) {
      const { seedDemo } = await import('../db/seed');
      await seedDemo(db, { log: console.log });
    }
  }
  await closeDb();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
