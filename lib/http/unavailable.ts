import { isStatementCancelled } from '@/db/errors';
import { failure } from './envelope';
import { logError } from '@/lib/log';

/**
 * The database cannot be reached (stopped, restarting, network cut): not a bug of the request, so
 * not a 500. The answer is 503 in the envelope with Retry-After, quickly (db/client.ts bounds how
 * long a connection attempt may take), and the server serves again by itself once the database is
 * back (postgres.js reconnects on the next query). docs/deployment.md, "The database drops".
 */
export const RETRY_AFTER_SECONDS = 2;

/** Codes of postgres.js and Node for a connection that failed or went away. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  // SQLSTATE: connection exceptions (class 08), the server shutting down or starting up
  '57P01',
  '57P02',
  '57P03',
]);

/** True when `e` (or what it wraps: Drizzle's query error, an AggregateError) says the database is out of reach. */
export function isDatabaseUnreachable(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 5) return false;
  const { code, cause, errors } = e as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
  if (Array.isArray(errors) && errors.some((x) => isDatabaseUnreachable(x, depth + 1))) return true;
  return isDatabaseUnreachable(cause, depth + 1);
}

/** The 503 for a database out of reach, or undefined for any other error. */
export function unavailableResponse(e: unknown, requestId: string): Response | undefined {
  if (!isDatabaseUnreachable(e)) return undefined;
  logError('database unreachable', e, { id: requestId });
  return failure(503, [`The service is briefly unavailable. Try again in a few seconds. Request id: ${requestId}.`], {
    'retry-after': String(RETRY_AFTER_SECONDS),
    'x-request-id': requestId,
  });
}

/**
 * A statement ran past DB_STATEMENT_TIMEOUT_MS and Postgres stopped it: the request asked for more
 * than the database gives one request now. 503 with Retry-After, logged; undefined for any other error.
 */
export function tooSlowResponse(e: unknown, requestId: string): Response | undefined {
  if (!isStatementCancelled(e)) return undefined;
  logError('statement timeout', e, { id: requestId });
  return failure(
    503,
    [`This took too long and was stopped. Try again in a moment, or ask for less at once. Request id: ${requestId}.`],
    { 'retry-after': String(RETRY_AFTER_SECONDS), 'x-request-id': requestId },
  );
}
