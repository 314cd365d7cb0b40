import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId, qInt } from '@/lib/http/query';
import { linkHistory } from '@/lib/domain/accesslinks/history';
import { LinkHistoryPage } from '@/lib/domain/accesslinks/schemas';

// GET /api/v37/organization/{organizationId}/accesslink/{accessLinkId}/history: the link's opens and refusals,
// newest first, paged -> {items, page, itemsPerPage} (our addition; docs/api-compatibility.md)
export const GET = route(
  {
    summary: "The link's opens and refusals, newest first, paged (our addition)",
    responses: { 200: LinkHistoryPage },
    scopes: ['AccessLink.Read', 'AccessLink.ReadWrite'],
    params: z.object({ organizationId: pathId(), accessLinkId: z.guid('accessLinkId must be a UUID') }),
    query: z.object({ page: qInt(1, 1_000_000).optional(), itemsPerPage: qInt(1, 100).optional() }),
  },
  (ctx, { params, query }) => linkHistory(ctx, { ...params, ...query }),
);
