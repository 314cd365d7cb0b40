/**
 * Postgres said no to a unique index (SQLSTATE 23505), on either driver: postgres.js puts the
 * code on the error, drizzle wraps it in `cause` (followed a few levels down). With `index`, only
 * that index's refusal counts (its name appears in the driver's message).
 */
export function isUniqueViolation(err: unknown, index?: string): boolean {
  const violated = violatedUniqueIndex(err);
  return violated !== undefined && (!index || violated === index || mentions(err, index));
}

/**
 * The unique index Postgres named in a refusal (SQLSTATE 23505), '' when it named none; undefined
 * for any other error. On a partitioned table it is the partition's copy of the index
 * (`device_activity_p202611_device_id_date_idx`), not the table's.
 */
export function violatedUniqueIndex(err: unknown): string | undefined {
  for (
    let e = err as { code?: string; message?: string; constraint_name?: string; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    e = e.cause as typeof e, i++
  ) {
    if (e.code === '23505')
      return e.constraint_name ?? /unique constraint "([^"]+)"/.exec(`${e.message ?? ''}`)?.[1] ?? '';
  }
  return undefined;
}

const mentions = (err: unknown, text: string) => {
  for (
    let e = err as { message?: string; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    e = e.cause as typeof e, i++
  )
    if (`${e.message ?? ''}`.includes(text)) return true;
  return false;
};

/** Postgres stopped the statement (SQLSTATE 57014): it ran past statement_timeout, or was cancelled. */
export function isStatementCancelled(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++)
    if (e.code === '57014') return true;
  return false;
}
