import type { DeclaredSpec } from '../route';

/** What each error status means across the API (the envelope with success false). */
export const ERROR_TEXT: Record<number, string> = {
  400: 'The request is not valid: every problem is listed in errorMessages',
  401: 'No credentials, or a key that is invalid, expired or revoked (WWW-Authenticate: Bearer)',
  403: 'The key lacks the scope, or the caller may not do this (role, schedule, organization rule)',
  404: 'Not found, or not visible to the caller',
  406: 'Not acceptable (e.g. the PIN already exists on the lock)',
  408: 'The device did not answer in time',
  409: 'A conflict: stale revision, a duplicate, the device is busy with another command, or a request with the same Idempotency-Key is still being processed',
  410: 'Gone: the link or token has expired or was used',
  412: 'Precondition failed (e.g. the gate is unlinked from the external system)',
  413: 'The body is larger than the endpoint takes',
  422: 'The Idempotency-Key was used in the last 24 hours for another request (method, path or body)',
  423: 'The gate is disconnected in the external gate system (Tedee: Locked)',
  428: 'The device is disconnected or not set up for this',
  429: 'Over the rate limit; Retry-After says when to try again',
  500: 'An unexpected error; the message names the request id',
  503: 'The database is briefly out of reach; Retry-After says when to try again (docs/deployment.md)',
};

/** The error statuses an operation may answer: the common ones, 413 where it reads a body, and what it declares. */
export function errorStatusesOf(spec: DeclaredSpec, method: string): number[] {
  const s = new Set<number>([400, 403, 404, 409, 429, 500, 503]);
  if (spec.scopes !== 'public') s.add(401);
  if (spec.body || method !== 'GET') s.add(413);
  if (method !== 'GET') s.add(422); // an Idempotency-Key reused for another request
  for (const e of spec.errors ?? []) s.add(e);
  return [...s].sort((a, b) => a - b);
}
