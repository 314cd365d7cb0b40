import { z } from 'zod';
import { route } from '@/lib/http/route';
import { pathUuid } from '@/lib/http/query';
import { getOperationStatus } from '@/lib/domain/devices/operate';
import { OperationStatus } from '@/lib/domain/devices/schemas';

// GET /api/v37/my/device/operation/{operationId}: {deviceId, operationId, result, status, type}
export const GET = route(
  {
    summary: '{deviceId, operationId, result, status, type}',
    responses: { 200: OperationStatus },
    scopes: ['Lock.Operate', 'Device.Read', 'Device.ReadWrite'],
    params: z.object({ operationId: pathUuid() }),
  },
  (ctx, { params }) => getOperationStatus(ctx, params.operationId),
);
