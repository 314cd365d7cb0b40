import { z } from 'zod';
import { route } from '@/lib/http/route';
import { bodyIds, pathId } from '@/lib/http/query';
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
      deviceIds: bodyIds('deviceIds must be an array of numbers', MAX_SITE_DEVICE_IDS).min(1, 'give at least one id'),
    }),
  },
  async (ctx, { params, body }) => {
    await assignSiteDevices(ctx, { ...params, deviceIds: body.deviceIds });
    return reply.noContent();
  },
);
