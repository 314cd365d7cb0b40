import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { getLinkUrl } from '@/lib/domain/accesslinks/manage';
import { AccessLinkUrl } from '@/lib/domain/accesslinks/schemas';

// GET /api/v37/organization/{organizationId}/accesslink/{accessLinkId}/url: the link's URL -> {url} (Tedee's get-link-url)
export const GET = route(
  {
    summary: "The link's URL -> {url} (Tedee's get-link-url)",
    responses: { 200: AccessLinkUrl },
    scopes: ['AccessLink.Read', 'AccessLink.ReadWrite'],
    params: z.object({ organizationId: pathId(), accessLinkId: z.guid('accessLinkId must be a UUID') }),
  },
  (ctx, { params }) => getLinkUrl(ctx, params),
);
