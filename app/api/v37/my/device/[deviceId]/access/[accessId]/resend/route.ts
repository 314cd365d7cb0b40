import { resendDeviceInvitation } from '@/lib/domain/access/invite';
import { route } from '@/lib/http/route';
import { accessParams } from '../../schema';

// POST /api/v37/my/device/{deviceId}/access/{accessId}/resend: a pending access's invitation mailed again (new link, old one dead); 200
export const POST = route({ scopes: ['DeviceShare.ReadWrite'], params: accessParams }, (ctx, { params }) => resendDeviceInvitation(ctx, params.deviceId, params.accessId));
