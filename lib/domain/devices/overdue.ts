import { type SQL, sql } from 'drizzle-orm';

/**
 * When a command of the service is overdue: still pending past the time its lock should have
 * answered by (its bridge is then asked, or it ends as not confirmed). One wording for every query
 * that settles, skips or reports such commands; it names `device_operations` in full, so a query
 * using it does not alias that table. Without `now`, the database's clock.
 */
export function pastDue(now?: Date): SQL {
  return sql`"device_operations"."complete_at" <= ${now ? sql`${now.toISOString()}::timestamptz` : sql`now()`}`;
}

export function overdue(now?: Date): SQL {
  return sql`"device_operations"."status" = 'PENDING' and ${pastDue(now)}`;
}

/** A command still under way: pending and not yet past its time (the lock would refuse another as busy). */
export function underway(now?: Date): SQL {
  return sql`"device_operations"."status" = 'PENDING' and not (${pastDue(now)})`;
}
