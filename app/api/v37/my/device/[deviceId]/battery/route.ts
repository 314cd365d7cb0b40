import { z } from 'zod';
import { lockBattery } from '@/lib/domain/devices/legacy';
import { pathId } from '@/lib/http/query';
import { route } from '@/lib/http/route';

const params = z.object({ deviceId: pathId() });

// GET /api/v37/my/device/{deviceId}/battery: legacy (pytedee) battery read of a lock: {level, isCharging, modifiedDate}
export const GET = route(
  {
    summary: 'Legacy: a lock’s battery {level, isCharging, modifiedDate} (the same as its deviceState)',
    deprecated: true,
    responses: {
      200: z.object({
        level: z.number().int().nullable(),
        isCharging: z.boolean(),
        modifiedDate: z.string().nullable(),
      }),
    },
    scopes: ['Device.Read', 'Device.ReadWrite'],
    params,
  },
  (ctx, { params }) => lockBattery(ctx, params.deviceId),
);
