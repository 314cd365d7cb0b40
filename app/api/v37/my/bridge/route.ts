import { route } from '@/lib/http/route';
import { listBridges } from '@/lib/domain/devices/details';

// GET /api/v37/my/bridge: the caller's bridges
export const GET = route({ scopes: ['Device.Read', 'Device.ReadWrite'] }, (ctx) => listBridges(ctx));
