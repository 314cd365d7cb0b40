import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId } from '@/lib/http/query';
import { simDeviceAction, simDeviceState } from '@/lib/domain/devices/sim-control';

const params = z.object({ id: pathId() });
const SCOPES: ['Device.Read', 'Device.ReadWrite'] = ['Device.Read', 'Device.ReadWrite'];
// a happening changes the device (a knob press opens the door): not for a read-only key
const WRITE: ['Device.ReadWrite'] = ['Device.ReadWrite'];

const body = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['connect', 'disconnect']) }),
  z.object({ action: z.literal('battery'), level: z.number().int().min(0).max(100), charging: z.boolean().optional() }),
  z.object({ action: z.literal('door'), open: z.boolean() }),
  z.object({ action: z.literal('press'), how: z.enum(['button', 'knob']), operation: z.enum(['lock', 'unlock']) }),
  z.object({ action: z.literal('bell') }),
  z.object({ action: z.literal('fault'), fault: z.enum(['timeout', 'slow', 'jam']).nullable() }),
]);

// GET /api/sim/device/{id}: the simulator's state of a device (pending fault). 404 when the control plane is off.
export const GET = route({ scopes: SCOPES, params }, (ctx, { params }) => simDeviceState(ctx, params.id));

// POST /api/sim/device/{id}: simulate a happening (bridge on/offline, battery, door, button/knob, bell, next-command fault)
export const POST = route({ scopes: WRITE, params, body }, (ctx, { params, body }) =>
  simDeviceAction(ctx, params.id, body),
);
