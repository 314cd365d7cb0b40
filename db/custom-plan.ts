import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Runs `read` with a plan made for its values (plan_cache_mode = force_custom_plan for one
 * transaction): every connection plans a statement once (db/client.ts), which suits reads by keys
 * and indexed ranges but not one whose best plan depends on the values. A person's entries newest
 * first: the statistics' most common author (three million entries) made the one plan scan by
 * date, through every entry, for a person with none (issue 34).
 */
export async function withCustomPlan<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    return read(tx as unknown as Db);
  });
}
