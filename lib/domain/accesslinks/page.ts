import { getDb } from '@/db/client';
import { isDomainError } from '../errors';
import { getGuestLink } from './open';

export type GuestLinkView = Awaited<ReturnType<typeof getGuestLink>>;

/**
 * The guest page's server-side read (no account): the same checks and rate limits as the
 * guest API. 'missing' for an unknown or deleted token, 'limited' when the client is slowed down.
 */
export async function loadGuestPage(token: string, ip: string): Promise<{ kind: 'ok'; link: GuestLinkView } | { kind: 'missing' | 'limited'; message: string }> {
  const db = await getDb();
  try {
    return { kind: 'ok', link: await getGuestLink({ db, now: () => new Date() }, { token, guest: { ip } }) };
  } catch (e) {
    if (isDomainError(e) && e.code === 'not_found') return { kind: 'missing', message: e.message };
    if (isDomainError(e) && e.code === 'rate_limited') return { kind: 'limited', message: e.message };
    throw e;
  }
}
