import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** A queue table a worker claims rows of: rows have an id and the time of their next attempt. */
type Queue = PgTable & { id: PgColumn; nextAttemptAt: PgColumn };

/**
 * Claims due rows of a queue for this process, in one transaction: `due` selects them
 * `FOR UPDATE SKIP LOCKED` (rows no other process holds), and their next attempt moves to `until`,
 * which hides them from other passes until this one records the outcome (or crashed: then the
 * lease runs out and they are tried again). The mail and webhook workers claim this way.
 */
export function claimLeased<R extends { id: number | string }>(
  db: Db,
  queue: Queue,
  until: Date,
  due: (tx: Db) => Promise<R[]>,
): Promise<R[]> {
  return db.transaction(async (tx) => {
    const rows = await due(tx);
    if (rows.length)
      await tx
        .update(queue)
        .set({ nextAttemptAt: until } as never)
        .where(
          inArray(
            queue.id,
            rows.map((r) => r.id),
          ),
        );
    return rows;
  });
}
