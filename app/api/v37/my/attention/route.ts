import { z } from 'zod';
import { route } from '@/lib/http/route';
import { qInt } from '@/lib/http/query';
import { attention } from '@/lib/domain/devices/attention';
import { Attention } from '@/lib/domain/devices/schemas';

// GET /api/v37/my/attention (our extension): the caller's doors that cannot open now with the
// reason in words, other notices, and counts by kind; optionally one organization's or one site's devices only.
export const GET = route(
  {
    summary: "The caller's doors that cannot open now (with the reason), other notices, counts by kind",
    responses: { 200: Attention },
    scopes: ['Device.Read', 'Device.ReadWrite'],
    query: z.object({
      organizationId: qInt(1, 2147483647).optional(),
      // issue 35: one site's devices (0: those in no site)
      siteId: qInt(0, 2147483647).optional(),
    }),
  },
  (ctx, { query }) => attention(ctx, { organizationId: query.organizationId, siteId: query.siteId }),
);
