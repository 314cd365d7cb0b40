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
  const e = uniqueViolation(err);
  if (!e) return undefined;
  // postgres.js: constraint_name; PGlite: constraint; else the (English) message
  return e.constraint_name ?? e.constraint ?? /unique constraint "([^"]+)"/.exec(`${e.message ?? ''}`)?.[1] ?? '';
}

/**
 * The columns of the key Postgres refused in a unique violation (SQLSTATE 23505), read from its
 * detail `Key (device_id, date)=(5, 2026-11-02 10:00:00.123) already exists.`: what was violated,
 * whatever the index or a partition's copy of it is called. undefined for any other error, or when
 * the detail names no key (Postgres leaves it out when the caller may not read the columns, or
 * under row-level security).
 */
export function violatedUniqueColumns(err: unknown): string[] | undefined {
  // "(columns)=(values)" from the first parenthesis: the wording around it is translated with
  // lc_messages, this part is not; an expression's own parentheses (`lower(name)`) stay inside
  const key = /^[^(]*\((.*?)\)=\(/s.exec(`${uniqueViolation(err)?.detail ?? ''}`);
  return key?.[1].split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
}

interface PgError {
  code?: string;
  message?: string;
  detail?: string;
  constraint_name?: string;
  constraint?: string;
  cause?: unknown;
}

/** The unique violation in an error or its causes (drizzle wraps the driver's error). */
function uniqueViolation(err: unknown): PgError | undefined {
  for (let e = err as PgError | undefined, i = 0; e && i < 4; e = e.cause as PgError | undefined, i++)
    if (e.code === '23505') return e;
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
