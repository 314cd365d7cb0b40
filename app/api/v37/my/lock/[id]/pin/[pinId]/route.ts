import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { getPin } from '@/lib/domain/pins/read';
import { deletePin, updatePin } from '@/lib/domain/pins/write';
import { pinBodySchema } from '../body';

const params = z.object({ id: pathId(), pinId: pathId() });

// GET /api/v37/my/lock/{id}/pin/{pinId}: one PIN with its schedule and value (owners and administrators)
export const GET = route({ scopes: ['Device.Read', 'Device.ReadWrite'], params }, (ctx, { params }) => getPin(ctx, params.id, params.pinId));

// PUT /api/v37/my/lock/{id}/pin/{pinId}: replace alias, value and schedule (sent to the lock first) -> 204
export const PUT = route({ scopes: ['Device.ReadWrite'], params, body: pinBodySchema }, async (ctx, { params, body }) => {
  await updatePin(ctx, params.id, params.pinId, body);
  return reply.noContent();
});

// DELETE /api/v37/my/lock/{id}/pin/{pinId}: remove the PIN from the lock -> 204
export const DELETE = route({ scopes: ['Device.ReadWrite'], params }, async (ctx, { params }) => {
  await deletePin(ctx, params.id, params.pinId);
  return reply.noContent();
});
