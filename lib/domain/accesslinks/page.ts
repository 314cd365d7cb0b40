import { getDb } from '@/db/client';
import { isDomainError } from '../errors';
import { authorizeLink, guestView, windowState } from './guest';
import { recordLinkUse } from './history';

export type GuestLinkView = Awaited<ReturnType<typeof guestView>>;

export type GuestPage =
  | { kind: 'ok'; link: GuestLinkView }
  /** unknown or deleted token */
  | { kind: 'missing'; message: string }
  /** the client is slowed down */
  | { kind: 'limited'; message: string }
  /**
   * outside the link's window: nothing of the link is shown but whose it is (to ask them) and,
   * before it starts, when it starts (in the organization's zone), so the guest knows when to come back
   */
  | { kind: 'expired'; organizationName: string }
  | { kind: 'notYetValid'; organizationName: string; validFrom: string | null; timeZone: string };

/** The guest page's server-side read (no account): the same checks and rate limits as the guest API. */
export async function loadGuestPage(token: string, ip: string): Promise<GuestPage> {
  const ctx = { db: await getDb(), now: () => new Date() };
  try {
    const link = await authorizeLink(ctx, token, { ip });
    const state = windowState(link, ctx.now());
    if (state !== 'active') {
      await recordLinkUse(ctx, { accessLinkId: link.id, outcome: state });
      return state === 'expired'
        ? { kind: state, organizationName: link.organizationName }
        : {
            kind: state,
            organizationName: link.organizationName,
            validFrom: link.startDate?.toISOString() ?? null,
            timeZone: link.timeZone,
          };
    }
    return { kind: 'ok', link: await guestView(ctx, link) };
  } catch (e) {
    if (isDomainError(e) && e.code === 'not_found') return { kind: 'missing', message: e.message };
    if (isDomainError(e) && e.code === 'rate_limited') return { kind: 'limited', message: e.message };
    throw e;
  }
}
