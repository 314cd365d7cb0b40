import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId, qBool } from '@/lib/http/query';
import { getLock } from '@/lib/domain/devices/locks';
import { Lock } from '@/lib/domain/devices/schemas';

// GET /api/v37/my/lock/{id}: one lock of the caller (nulls for a lock without a bridge)
export const GET = route(
  {
    summary: 'One lock of the caller (nulls for a lock without a bridge)',
    responses: { 200: Lock },
    scopes: ['Device.Read', 'Device.ReadWrite'],
    params: z.object({ id: pathId() }),
    query: z.object({ IncludeUserSettings: qBool().optional(), IncludeAccessories: qBool().optional() }),
  },
  (ctx, { params, query }) =>
    getLock(ctx, {
      id: params.id,
      includeUserSettings: query.IncludeUserSettings,
      includeAccessories: query.IncludeAccessories,
    }),
);
