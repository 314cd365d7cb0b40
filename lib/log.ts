/**
 * Error lines (docs/security.md, "Headers and logs"): an error by its class, code and message only.
 * Never a body, a query string, a token or the parameters of an SQL statement: a database error's
 * message can quote a value, so quoted parts are masked, and drizzle's wrapper (whose message
 * lists the statement and its parameters) is replaced by the driver's error it wraps. Any layer
 * may use it (the domain's workers too).
 */

export interface ErrorSummary {
  class: string;
  code?: string;
  message: string;
}

const MAX_MESSAGE = 300;

function mask(message: string): string {
  const firstLine = message.split('\n', 1)[0];
  // "invalid input syntax for type uuid: "x"", "Key (email)=(a@b) already exists"
  return firstLine
    .replace(/"[^"]*"/g, '"***"')
    .replace(/'[^']*'/g, "'***'")
    .replace(/=\([^)]*\)/g, '=(***)')
    .slice(0, MAX_MESSAGE);
}

/** What may be logged of an error: its class, its code (SQLSTATE for database errors) and its message, masked. */
export function errorSummary(e: unknown): ErrorSummary {
  let err = e;
  // DrizzleQueryError: "Failed query: <sql>\nparams: <values>" around the driver's error
  for (let i = 0; i < 3 && err instanceof Error && 'query' in err && 'params' in err && err.cause; i++) err = err.cause;
  if (!(err instanceof Error)) return { class: typeof err, message: typeof err === 'string' ? mask(err) : '' };
  const code = (err as { code?: unknown }).code;
  const isQuery = 'query' in err && 'params' in err;
  return {
    class: err.constructor?.name || err.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code).slice(0, 40) } : {}),
    message: isQuery ? 'a database statement failed' : mask(err.message),
  };
}

/** An error line: where it happened (and which request), and the error's summary. */
export function logError(at: string, e: unknown, where: { id?: string; method?: string; route?: string } = {}): void {
  console.error(JSON.stringify({ t: new Date().toISOString(), level: 'error', at, ...where, ...errorSummary(e) }));
}
