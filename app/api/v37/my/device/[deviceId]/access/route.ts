import { z } from 'zod';
import { grantAccess } from '@/lib/domain/access/grant';
import { listAccess } from '@/lib/domain/access/list';
import { qInt } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { deviceParams, grantBody } from './schema';
import { res } from '@/lib/http/responses';
import { AccessRecord, GrantResult } from '@/lib/domain/access/schemas';

const listQuery = z.object({
  'Filters.PrincipalId': z.uuid({ error: 'must be a UUID' }).optional(),
  'Filters.PrincipalType': qInt(0, 1).optional(),
  'Filters.Text': z.string().max(200, 'must be at most 200 characters').optional(),
});

// GET /api/v37/my/device/{deviceId}/access: who has access (reduced for guests and inactive accesses)
export const GET = route(
  {
    summary: 'Who has access (reduced for guests and inactive accesses)',
    responses: { 200: z.array(AccessRecord) },
    scopes: ['DeviceShare.Read', 'DeviceShare.ReadWrite'],
    params: deviceParams,
    query: listQuery,
  },
  (ctx, { params, query }) =>
    listAccess(ctx, {
      deviceId: params.deviceId,
      principalId: query['Filters.PrincipalId'],
      principalType: query['Filters.PrincipalType'],
      text: query['Filters.Text'],
    }),
);

// POST /api/v37/my/device/{deviceId}/access: share with a user (by e-mail) or a group; flat 201
export const POST = route(
  {
    summary: 'Share with a user (by e-mail) or a group; flat 201',
    responses: { 201: res.flat(GrantResult) },
    scopes: ['DeviceShare.ReadWrite'],
    params: deviceParams,
    body: grantBody,
  },
  async (ctx, { params, body }) => reply.flat(201, await grantAccess(ctx, params.deviceId, body)),
);
