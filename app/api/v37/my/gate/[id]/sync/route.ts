import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId, qBool } from '@/lib/http/query';
import { syncGate } from '@/lib/domain/devices/gates';
import { Gate } from '@/lib/domain/devices/schemas';

// POST /api/v37/my/gate/{id}/sync?includeUserSettings=: refresh from the external gate system (read-only there)
export const POST = route(
  {
    summary: 'Refresh from the external gate system (read-only there)',
    responses: { 200: Gate },
    errors: [408, 428],
    scopes: ['Device.ReadWrite'],
    params: z.object({ id: pathId() }),
    query: z.object({ includeUserSettings: qBool().optional() }),
  },
  (ctx, { params, query }) => syncGate(ctx, { id: params.id, includeUserSettings: query.includeUserSettings }),
);
