import { refusalMessage, type TokenRefusal } from '@/lib/auth/email-tokens';
import { DomainError } from '../errors';

/**
 * A mailed link that does not work, as the access-link routes answer theirs: an unknown token is
 * 404, one that was used or has expired 410 Gone; the message says which and what to do.
 */
export function tokenRefused(reason: TokenRefusal, what: string): DomainError {
  return new DomainError(reason === 'unknown' ? 'not_found' : 'gone', refusalMessage(reason, what));
}
