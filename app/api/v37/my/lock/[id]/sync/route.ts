import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { lockSyncOne } from '@/lib/domain/devices/locks';
import { LockSync } from '@/lib/domain/devices/schemas';

// GET /api/v37/my/lock/{id}/sync: {id, isConnected, deviceState, revision}
export const GET = route(
  {
    summary: 'What a phone polls of one lock: {id, isConnected, deviceState, revision}',
    responses: { 200: LockSync },
    scopes: ['Device.Read', 'Device.ReadWrite'],
    params: z.object({ id: pathId() }),
  },
  (ctx, { params }) => lockSyncOne(ctx, params.id),
);
