import { z } from 'zod';
import { isDomainError, type ErrorCode } from '@/lib/domain/errors';
import { logError } from '@/lib/log';
import { BodyTooLarge, ClientGone, clientGone, tooLarge } from './edge';
import { failure } from './envelope';
import { loggedRoute } from './log';
import { isDatabaseUnreachable, tooSlowResponse, unavailableResponse } from './unavailable';

/** The one error -> status mapping of the API: typed errors of the domain, input errors, the rest. */
const STATUS: Record<ErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  not_acceptable: 406,
  device_timeout: 408,
  conflict: 409,
  device_busy: 409,
  gone: 410,
  precondition_failed: 412,
  device_unreachable: 428,
  gate_disconnected: 423,
  rate_limited: 429,
};

/** The status of a typed error (for answers that carry a refusal in their own shape, like the bulk grant). */
export const statusOf = (code: ErrorCode): number => STATUS[code];

/** A body that is not JSON. */
export class BadJson extends Error {}

export function zodMessages(e: z.ZodError): string[] {
  return e.issues.map((i) => {
    const where = i.path.length ? `${i.path.join('.')}: ` : '';
    return `${where}${plain(i.message)}`;
  });
}

const KIND: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
};

/** zod's generic type messages in words a client developer reads at a glance; custom messages pass through. */
function plain(message: string): string {
  const m = /^Invalid input: expected (\w+), received (\w+)$/.exec(message);
  if (!m) return message;
  if (m[2] === 'undefined') return 'is required';
  return `must be ${KIND[m[1]] ?? m[1]}${m[2] === 'NaN' ? '' : ` (got ${m[2]})`}`;
}

/**
 * The one error -> status mapping. Unknown errors never leak details: the answer names the request
 * id, the log the error's class, code and message (never its parameters, lib/http/log.ts).
 */
export function errorResponse(e: unknown, requestId: string, req?: Request): Response {
  if (e instanceof z.ZodError) return failure(400, zodMessages(e));
  if (e instanceof BadJson) return failure(400, [e.message]);
  if (e instanceof BodyTooLarge) return tooLarge(e);
  // not "database unreachable": Node's ECONNRESET here is the client's socket, not the database's
  if (e instanceof ClientGone) return clientGone();
  if (isDomainError(e))
    return failure(
      STATUS[e.code],
      e.messages,
      e.retryAfterSeconds ? { 'retry-after': String(e.retryAfterSeconds) } : {},
    );
  if (isDatabaseUnreachable(e)) return unavailableResponse(e, requestId)!;
  const tooSlow = tooSlowResponse(e, requestId);
  if (tooSlow) return tooSlow;
  logError('api', e, {
    id: requestId,
    method: req?.method,
    route: req ? loggedRoute(new URL(req.url).pathname) : undefined,
  });
  return failure(500, [`An unexpected error occurred. Request id: ${requestId}.`], { 'x-request-id': requestId });
}
