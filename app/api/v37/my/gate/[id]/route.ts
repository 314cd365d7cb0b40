import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId, qBool } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { deleteGate, getGate } from '@/lib/domain/devices/gates';
import { res } from '@/lib/http/responses';
import { Gate } from '@/lib/domain/devices/schemas';

const params = z.object({ id: pathId() });

// GET /api/v37/my/gate/{id}?includeUserSettings=: one gate of the caller
export const GET = route(
  {
    summary: 'One gate of the caller',
    responses: { 200: Gate },
    scopes: ['Device.Read', 'Device.ReadWrite'],
    params,
    query: z.object({ includeUserSettings: qBool().optional() }),
  },
  (ctx, { params, query }) => getGate(ctx, { id: params.id, includeUserSettings: query.includeUserSettings }),
);

// DELETE /api/v37/my/gate/{id}: the gate leaves the service (owners, active administrators) -> 204; the external system keeps it
export const DELETE = route(
  {
    summary: 'The gate leaves the service (owners, active administrators) -> 204; the external system keeps it',
    responses: { 204: res.empty },
    scopes: ['Device.ReadWrite'],
    params,
  },
  async (ctx, { params }) => {
    await deleteGate(ctx, params.id);
    return reply.noContent();
  },
);
