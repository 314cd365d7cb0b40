import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { res } from '@/lib/http/responses';
import { assignSiteDevices } from '@/lib/domain/sites/assign';
import { MAX_SITE_DEVICE_IDS } from '@/lib/domain/sites/schemas';

const params = z.object({ organizationId: pathId(), siteId: pathId() });

// POST /api/v37/organization/{organizationId}/sites/{siteId}/devices: move devices of the organization into the site -> 204
export const POST = route(
  {
    summary: 'Move devices of the organization into the site -> 204 (400 naming ids that are not its devices)',
    responses: { 204: res.empty },
    scopes: ['Organization.ReadWrite'],
    params,
    body: z.object({
      deviceIds: z
        .array(
          z
            .number({ error: 'ids must be numbers' })
            .int('ids must be whole numbers')
            .positive('ids must be positive')
            .max(2147483647, 'ids must be at most 2147483647'),
          { error: 'deviceIds must be an array of numbers' },
        )
        .min(1, 'give at least one id')
        .max(MAX_SITE_DEVICE_IDS, `at most ${MAX_SITE_DEVICE_IDS} ids per request`),
    }),
  },
  async (ctx, { params, body }) => {
    await assignSiteDevices(ctx, { ...params, deviceIds: body.deviceIds });
    return reply.noContent();
  },
);
