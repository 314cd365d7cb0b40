import { resendDeviceInvitation } from '@/lib/domain/access/invite';
import { route } from '@/lib/http/route';
import { accessParams } from '../../schema';
import { InvitationResent } from '@/lib/domain/access/schemas';

// POST /api/v37/my/device/{deviceId}/access/{accessId}/resend: a pending access's invitation mailed again (new link, old one dead); 200
export const POST = route(
  {
    summary: "A pending access's invitation mailed again (new link, old one dead); 200",
    responses: { 200: InvitationResent },
    scopes: ['DeviceShare.ReadWrite'],
    params: accessParams,
  },
  (ctx, { params }) => resendDeviceInvitation(ctx, params.deviceId, params.accessId),
);
