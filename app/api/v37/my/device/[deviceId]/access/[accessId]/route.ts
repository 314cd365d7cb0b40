import { revokeAccess, updateAccess } from '@/lib/domain/access/change';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { accessParams, updateBody } from '../schema';
import { res } from '@/lib/http/responses';
import { qBool } from '@/lib/http/query';
import { z } from 'zod';

/** keepGrants=true: what the person handed out beyond their new access stays, answered for by the caller (default: it ends) */
const keepQuery = z.object({ keepGrants: qBool().optional() });

// PUT /api/v37/my/device/{deviceId}/access/{accessId}: change level, remote access, schedule; 204
export const PUT = route(
  {
    summary: 'Change level, remote access, schedule; 204',
    responses: { 204: res.empty },
    scopes: ['DeviceShare.ReadWrite'],
    params: accessParams,
    query: keepQuery,
    body: updateBody,
  },
  async (ctx, { params, body, query }) => {
    await updateAccess(ctx, params.deviceId, params.accessId, body, { keepGrants: query.keepGrants });
    return reply.noContent();
  },
);

// DELETE /api/v37/my/device/{deviceId}/access/{accessId}: revoke (and the certificates it carried); 204
export const DELETE = route(
  {
    summary: 'Revoke (and the certificates it carried); 204',
    responses: { 204: res.empty },
    scopes: ['DeviceShare.ReadWrite'],
    params: accessParams,
    query: keepQuery,
  },
  async (ctx, { params, query }) => {
    await revokeAccess(ctx, params.deviceId, params.accessId, { keepGrants: query.keepGrants });
    return reply.noContent();
  },
);
