import type { BaseCtx } from '../context';
import { authorizeLink, guestView, windowState, type Guest } from './guest';
import { recordLinkUse } from './history';
import type { GuestPage } from './schemas';

/**
 * GET /link/{token}/page: the guest page's data, with the same checks and rate limits as the guest
 * API (an unknown token is not found, a client asking too often is slowed down); a visit outside the
 * window is written to the link's history, as an open would be.
 */
export async function guestPage(ctx: BaseCtx, input: { token: string; guest: Guest }): Promise<GuestPage> {
  const link = await authorizeLink(ctx, input.token, input.guest);
  const state = windowState(link, ctx.now());
  if (state === 'active') return { kind: 'ok', link: await guestView(ctx, link) };
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
