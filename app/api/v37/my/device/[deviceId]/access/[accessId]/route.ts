import { revokeAccess, updateAccess } from '@/lib/domain/access/change';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { accessParams, updateBody } from '../schema';
import { res } from '@/lib/http/responses';

// PUT /api/v37/my/device/{deviceId}/access/{accessId}: change level, remote access, schedule; 204
export const PUT = route({ summary: 'Change level, remote access, schedule; 204', responses: { 204: res.empty }, scopes: ['DeviceShare.ReadWrite'], params: accessParams, body: updateBody }, async (ctx, { params, body }) => {
  await updateAccess(ctx, params.deviceId, params.accessId, body);
  return reply.noContent();
});

// DELETE /api/v37/my/device/{deviceId}/access/{accessId}: revoke (and the certificates it carried); 204
export const DELETE = route({ summary: 'Revoke (and the certificates it carried); 204', responses: { 204: res.empty }, scopes: ['DeviceShare.ReadWrite'], params: accessParams }, async (ctx, { params }) => {
  await revokeAccess(ctx, params.deviceId, params.accessId);
  return reply.noContent();
});
