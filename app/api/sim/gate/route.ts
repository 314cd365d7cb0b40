import { z } from 'zod';
import { route } from '@/lib/http/route';
import { simExternalGateAction, simExternalGates } from '@/lib/domain/devices/sim-control';

const SCOPES: ['Device.Read', 'Device.ReadWrite'] = ['Device.Read', 'Device.ReadWrite'];
// adding, changing or removing gates there is a write: not for a read-only key
const WRITE: ['Device.ReadWrite'] = ['Device.ReadWrite'];
const externalId = z.string().trim().min(1, 'must not be empty').max(100);
const fields = {
  type: z.string().trim().min(1).max(50).optional(),
  impulseLength: z.number().int().min(100).max(60_000).optional(),
  firmware: z.string().trim().min(1).max(30).optional(),
  isConnected: z.boolean().optional(),
};

const body = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('add'),
    externalId,
    name: z.string().trim().min(1, 'must not be empty').max(100),
    ...fields,
  }),
  z.object({
    action: z.literal('update'),
    externalId,
    name: z.string().trim().min(1, 'must not be empty').max(100).optional(),
    ...fields,
  }),
  z.object({ action: z.literal('remove'), externalId }),
]);

// GET /api/sim/gate: the simulated external gate system (gates linked to the caller's gates, and unlinked ones)
export const GET = route({ scopes: SCOPES }, (ctx) => simExternalGates(ctx));

// POST /api/sim/gate: add, change (rename, impulse, firmware, connectivity) or remove a gate there
export const POST = route({ scopes: WRITE, body }, (ctx, { body }) => simExternalGateAction(ctx, body));
