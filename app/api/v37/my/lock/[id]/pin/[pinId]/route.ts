import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { getPin } from '@/lib/domain/pins/read';
import { deletePin, updatePin } from '@/lib/domain/pins/write';
import { pinBodySchema } from '../body';
import { res } from '@/lib/http/responses';
import { PinDetail } from '@/lib/domain/pins/schemas';

const params = z.object({ id: pathId(), pinId: pathId() });

// GET /api/v37/my/lock/{id}/pin/{pinId}: one PIN with its schedule and value (owners and administrators)
export const GET = route(
  {
    summary: 'One PIN with its schedule and value (owners and administrators)',
    responses: { 200: PinDetail },
    scopes: ['Device.Read', 'Device.ReadWrite'],
    params,
  },
  (ctx, { params }) => getPin(ctx, params.id, params.pinId),
);

// PUT /api/v37/my/lock/{id}/pin/{pinId}: replace alias, value and schedule (sent to the lock first) -> 204
export const PUT = route(
  {
    summary: 'Replace alias, value and schedule (sent to the lock first) -> 204',
    responses: { 204: res.empty },
    errors: [406, 408, 412, 428],
    scopes: ['Device.ReadWrite'],
    params,
    body: pinBodySchema,
  },
  async (ctx, { params, body }) => {
    await updatePin(ctx, params.id, params.pinId, body);
    return reply.noContent();
  },
);

// DELETE /api/v37/my/lock/{id}/pin/{pinId}: remove the PIN from the lock -> 204
export const DELETE = route(
  {
    summary: 'Remove the PIN from the lock -> 204',
    responses: { 204: res.empty },
    errors: [408, 412, 428],
    scopes: ['Device.ReadWrite'],
    params,
  },
  async (ctx, { params }) => {
    await deletePin(ctx, params.id, params.pinId);
    return reply.noContent();
  },
);
