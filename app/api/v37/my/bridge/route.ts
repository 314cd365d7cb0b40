import { route } from '@/lib/http/route';
import { listBridges } from '@/lib/domain/devices/details';
import { z } from 'zod';
import { nameField } from '@/lib/shared/text';
import { bodyId } from '@/lib/http/query';
import { Bridge, DeviceUpdated } from '@/lib/domain/devices/schemas';
import { updateBridge } from '@/lib/domain/devices/legacy';

// GET /api/v37/my/bridge: the caller's bridges
export const GET = route(
  { summary: "The caller's bridges", responses: { 200: z.array(Bridge) }, scopes: ['Device.Read', 'Device.ReadWrite'] },
  (ctx) => listBridges(ctx),
);

const body = z.object({
  id: bodyId('must be the id of a bridge (a number)'),
  revision: z.number({ error: 'must be a number' }).int('must be a whole number').min(0).optional(),
  name: nameField().optional(),
  timeZone: z.string({ error: 'must be a time zone name' }).max(64).optional(),
  localApiEnabled: z.boolean({ error: 'must be true or false' }).optional(),
});

// PATCH /api/v37/my/bridge {id, revision?, name?, timeZone?}: change a bridge (as PATCH /my/lock; the Homey app)
export const PATCH = route(
  {
    summary: "Change a bridge's name or time zone (revision checked when sent; 409 when stale)",
    responses: { 200: DeviceUpdated },
    scopes: ['Device.ReadWrite'],
    body,
  },
  (ctx, { body }) => updateBridge(ctx, body),
);
