import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId, qArray } from '@/lib/http/query';
import { lockSync } from '@/lib/domain/devices/locks';
import { LockSync } from '@/lib/domain/devices/schemas';

// GET /api/v37/my/lock/sync?id=1&id=2: {id, isConnected, deviceState, revision} of the caller's locks (all without id)
export const GET = route(
  {
    summary: "{id, isConnected, deviceState, revision} of the caller's locks (all without id)",
    responses: { 200: z.array(LockSync) },
    scopes: ['Device.Read', 'Device.ReadWrite'],
    query: z.object({ id: qArray(pathId()).optional() }),
  },
  (ctx, { query }) => lockSync(ctx, query.id),
);
