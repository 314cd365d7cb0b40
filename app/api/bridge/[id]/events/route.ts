import { z } from 'zod';
import { receiveBridgeEvent } from '@/lib/domain/devices/bridge-events';
import { CALLBACK_SECRET_HEADER } from '@/lib/devices/gateway';
import { pathId } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';

const num = z.number().finite();
const flag = z.union([num, z.boolean()]);
// a callback body (bridge-api/webhooks/events.md): what the service reads of it is checked here,
// anything else a bridge adds passes untouched (the gateway reads the event, lib/devices/tedee/events.ts)
const body = z.looseObject({
  event: z.string().max(100),
  timestamp: z.string().max(64),
  data: z.looseObject({
    deviceType: num.optional(),
    deviceId: num.optional(),
    serialNumber: z.string().max(100).optional(),
    isConnected: flag.optional(),
    state: num.optional(),
    jammed: flag.optional(),
    doorState: num.optional(),
    batteryLevel: num.optional(),
    outcome: z.string().max(40).optional(),
    pinId: num.optional(),
    lockedOut: z.boolean().optional(),
    'x-smartlock': z
      .looseObject({
        trigger: z.string().max(40).optional(),
        operationId: z.string().max(64).optional(),
        revision: num.optional(),
      })
      .optional(),
  }),
});

// POST /api/bridge/{id}/events: a bridge's callback (Tedee Bridge API webhook events, and ours).
// Authorized by the bridge's own secret, registered with the callback (docs/devices.md, "Events"):
// 204 applied, 401 not that bridge's, 400 not an event, 409 already seen or older than what was.
export const POST = route(
  { scopes: 'public', params: z.object({ id: pathId() }), body, maxBody: 16 * 1024 },
  async (ctx, { params, body, req }) => {
    await receiveBridgeEvent(ctx, {
      bridgeId: params.id,
      secret: req.headers.get(CALLBACK_SECRET_HEADER),
      body,
    });
    return reply.noContent();
  },
);
