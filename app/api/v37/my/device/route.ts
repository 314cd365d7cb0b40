import { route } from '@/lib/http/route';
import { listDevices } from '@/lib/domain/devices/details';
import { z } from 'zod';
import { AnyDevice } from '@/lib/domain/devices/schemas';

// GET /api/v37/my/device: every device of the caller, each in its kind's shape
export const GET = route(
  {
    summary: "Every device of the caller, each in its kind's shape",
    responses: { 200: z.array(AnyDevice) },
    scopes: ['Device.Read', 'Device.ReadWrite'],
  },
  (ctx) => listDevices(ctx),
);
