import { route } from '@/lib/http/route';
import { listDevices } from '@/lib/domain/devices/details';

// GET /api/v37/my/device: every device of the caller, each in its kind's shape
export const GET = route({ scopes: ['Device.Read', 'Device.ReadWrite'] }, (ctx) => listDevices(ctx));
