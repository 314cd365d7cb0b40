/**
 * Typed errors of the domain. Verbs throw these; only lib/http maps them to statuses.
 * Messages are shown to users: say what is wrong and, where it helps, what to do.
 */
export type ErrorCode =
  | 'invalid' // 400
  | 'unauthenticated' // 401
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'not_acceptable' // 406
  | 'device_timeout' // 408
  | 'conflict' // 409
  | 'device_busy' // 409
  | 'gone' // 410
  | 'precondition_failed' // 412
  | 'device_unreachable' // 428
  | 'gate_disconnected' // 423
  | 'rate_limited'; // 429

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly messages: string[] = [message],
    /** rate_limited: seconds until the budget is whole again (the answer's Retry-After) */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const Invalid = (message: string, messages?: string[]) => new DomainError('invalid', message, messages);
/** The caller's key turned out revoked, expired or without the scope (see Ctx.keyCheck). */
export const KeyRejected = () => new DomainError('unauthenticated', 'The access key is invalid, expired or revoked.');
export const Forbidden = (message = 'You do not have permission to do this.') => new DomainError('forbidden', message);
export const NotFound = (what = 'Resource') => new DomainError('not_found', `${what} not found.`);
export const NotAcceptable = (message: string) => new DomainError('not_acceptable', message);
export const Conflict = (message: string) => new DomainError('conflict', message);
export const PreconditionFailed = (message: string) => new DomainError('precondition_failed', message);
export const RateLimited = (message = 'Too many requests. Try again in a minute.', retryAfterSeconds?: number) =>
  new DomainError('rate_limited', message, [message], retryAfterSeconds);
export const DeviceTimeout = (message = 'The device did not answer in time.') =>
  new DomainError('device_timeout', message);
export const DeviceBusy = (message = 'Another request is being processed for this device. Try again in a moment.') =>
  new DomainError('device_busy', message);
export const DeviceUnreachable = (
  message = 'The lock is disconnected or its setup is incorrect (no connected bridge).',
) => new DomainError('device_unreachable', message);

/** A gate the external gate system reports disconnected: Tedee's 423 Locked (gate/unlock.rst). */
export const GateDisconnected = (message = 'The gate is disconnected in the external gate system.') =>
  new DomainError('gate_disconnected', message);

export function isDomainError(e: unknown): e is DomainError {
  return e instanceof DomainError;
}

/**
 * A write lost a race that it wins when run again from the start (two writers of one device's
 * activity took the same instant): its transaction is void, and the caller runs the whole unit
 * again. Not a DomainError: it never reaches a client.
 */
export class RetryableConflict extends Error {
  constructor(readonly cause: unknown) {
    super('A concurrent write took the same activity instant; run it again.');
    this.name = 'RetryableConflict';
  }
}
