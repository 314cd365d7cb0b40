import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { activityKeepMonths, activityPartitionsEveryMs } from '@/lib/config/workers';
import { periodicWorker } from '@/lib/workers';

/** Months made ahead of the current one, so an entry never waits for its month's partition. */
export const MONTHS_AHEAD = 3;

export interface PartitionPass {
  /** month partitions made (ahead, or for rows that waited in `before` or `after`) */
  made: number;
  /** month partitions dropped: older than the retention */
  dropped: number;
  /** rows older than the retention deleted from `before` (written late for a month already dropped) */
  purged: number;
}

/**
 * One pass over the activity log's monthly partitions (migration 0022,
 * `activity_partitions_maintain`): the months up to MONTHS_AHEAD exist, rows that landed in
 * `before` or `after` (the partitions below the first month and past the last) move into months
 * of their own, and months that ended more than `keepMonths` whole months before `now`'s month are
 * dropped (0: nothing is dropped). One process at a time (an advisory lock in the function); safe
 * to repeat.
 */
export async function maintainActivityPartitions(
  db: Db,
  now = new Date(),
  keepMonths = activityKeepMonths(),
): Promise<PartitionPass> {
  // carving months out of a big `before` takes minutes (a first pass over a log loaded in bulk): no
  // statement timeout for this transaction (DB_STATEMENT_TIMEOUT_MS is for requests)
  const [row] = await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    return rowsOf<{ pass: PartitionPass | string }>(
      await tx.execute(
        sql`select activity_partitions_maintain(${now.toISOString()}::timestamp, ${keepMonths}::int, ${MONTHS_AHEAD}::int) as pass`,
      ),
    );
  });
  return typeof row.pass === 'string' ? (JSON.parse(row.pass) as PartitionPass) : row.pass;
}

/** Background worker (lib/workers/registry.ts): at start and then hourly. */
export const worker = periodicWorker(
  'activity-partitions',
  activityPartitionsEveryMs,
  async (db) => {
    const p = await maintainActivityPartitions(db);
    if (p.made || p.dropped || p.purged)
      console.log(
        `activity-partitions: ${p.made} month(s) made, ${p.dropped} month(s) past the retention dropped, ${p.purged} older row(s) deleted`,
      );
  },
  { atStart: true },
);
