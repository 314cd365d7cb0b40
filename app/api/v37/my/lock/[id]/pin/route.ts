import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId, qBool, qInt } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { listPins } from '@/lib/domain/pins/read';
import { createPin } from '@/lib/domain/pins/write';
import { pinBodySchema } from './body';
import { res } from '@/lib/http/responses';
import { PinCreated, PinList } from '@/lib/domain/pins/schemas';

const params = z.object({ id: pathId() });

// GET /api/v37/my/lock/{id}/pin?listVersion=: the lock's PINs (id, alias), or 304 without a body when listVersion is current.
// includeSchedule=true (an extension, used by the portal) adds each PIN's schedule fields, never its value.
export const GET = route(
  {
    summary: "The lock's PINs (id, alias), or 304 without a body when listVersion is current",
    responses: { 200: PinList, 304: res.empty },
    errors: [408, 428],
    scopes: ['Device.Read', 'Device.ReadWrite'],
    params,
    query: z.object({ listVersion: qInt(0, 2147483647).optional(), includeSchedule: qBool().optional() }),
  },
  async (ctx, { params, query }) => {
    const out = await listPins(ctx, params.id, query.listVersion, { includeSchedule: query.includeSchedule });
    return 'notModified' in out ? reply.notModified() : out;
  },
);

// POST /api/v37/my/lock/{id}/pin: add a PIN to the lock (sent to the lock first) -> 201 {id}
export const POST = route(
  {
    summary: 'Add a PIN to the lock (sent to the lock first) -> 201 {id}',
    responses: { 201: PinCreated },
    errors: [406, 408, 412, 428],
    scopes: ['Device.ReadWrite'],
    params,
    body: pinBodySchema,
  },
  async (ctx, { params, body }) => reply.created(await createPin(ctx, params.id, body)),
);
