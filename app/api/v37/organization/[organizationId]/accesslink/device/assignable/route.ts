import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathId, qInt } from '@/lib/http/query';
import { listAssignable } from '@/lib/domain/accesslinks/assignable';
import { AssignableDevices } from '@/lib/domain/accesslinks/schemas';

// GET /api/v37/organization/{organizationId}/accesslink/device/assignable: locks and gates a link may open (endpoint 11)
export const GET = route(
  {
    summary: 'Locks and gates a link may open (endpoint 11)',
    responses: { 200: AssignableDevices },
    scopes: ['AccessLink.Read', 'AccessLink.ReadWrite'],
    params: z.object({ organizationId: pathId() }),
    query: z.object({
      page: qInt(1).optional(),
      itemsPerPage: qInt(1, 100).optional(),
      'filters.DeviceName': z.string().max(200, 'must be at most 200 characters').optional(),
      'filters.DeviceId': qInt(1, 2147483647).optional(),
    }),
  },
  (ctx, { params, query }) =>
    listAssignable(ctx, {
      organizationId: params.organizationId,
      page: query.page,
      itemsPerPage: query.itemsPerPage,
      deviceName: query['filters.DeviceName'],
      deviceId: query['filters.DeviceId'],
    }),
);
