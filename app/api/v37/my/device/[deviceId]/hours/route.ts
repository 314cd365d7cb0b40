import { z } from 'zod';
import { deviceHours } from '@/lib/domain/devices/overview';
import { pathId } from '@/lib/http/query';
import { route } from '@/lib/http/route';

const params = z.object({ deviceId: pathId() });

// GET /api/v37/my/device/{deviceId}/hours: the caller's own hours on a lock or gate and when they can next open it
export const GET = route(
  {
    summary: 'The caller’s own hours on a lock or gate, in the door’s zone, and when they can next open it',
    responses: {
      200: z.object({
        timeZone: z.string(),
        always: z.boolean(),
        hours: z.string().nullable(),
        dates: z.string().nullable(),
        openNow: z.boolean(),
        remoteAccessDisabled: z.boolean(),
        nextOpen: z.string().nullable(),
        nextOpenText: z.string().nullable(),
      }),
    },
    scopes: ['Device.Read', 'Device.ReadWrite'],
    params,
  },
  (ctx, { params }) => deviceHours(ctx, params.deviceId),
);
