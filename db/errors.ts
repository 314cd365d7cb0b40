/**
 * Postgres said no to a unique index (SQLSTATE 23505), on either driver: postgres.js puts the
 * code on the error, drizzle wraps it in `cause` (followed a few levels down). With `index`, only
 * that index's refusal counts (its name appears in the driver's message).
 */
export function isUniqueViolation(err: unknown, index?: string): boolean {
  for (
    let e = err as { code?: string; message?: string; constraint_name?: string; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    e = e.cause as typeof e, i++
  ) {
    if (e.code === '23505') return !index || e.constraint_name === index || mentions(err, index);
  }
  return false;
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
