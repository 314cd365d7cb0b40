import { z } from 'zod';
import { route } from '@/lib/http/route';
import { qBool, qInt } from '@/lib/http/query';
import { listDoorSensors } from '@/lib/domain/devices/doorsensors';
import { DoorSensorPage } from '@/lib/domain/devices/schemas';

const query = z.object({
  'filters.name': z.string().max(200, 'must be at most 200 characters').optional(),
  includeUserSettings: qBool().optional(),
  itemsPerPage: qInt(1, 100).optional(),
  page: qInt(1, 1_000_000).optional(),
});

// GET /api/v37/my/doorsensor: {page, itemsPerPage, doorSensors}
export const GET = route(
  {
    summary: "The caller's door sensors, paged and filtered: {page, itemsPerPage, doorSensors}",
    responses: { 200: DoorSensorPage },
    scopes: ['Device.Read', 'Device.ReadWrite'],
    query,
  },
  (ctx, { query: q }) =>
    listDoorSensors(ctx, {
      name: q['filters.name'],
      includeUserSettings: q.includeUserSettings,
      page: q.page,
      itemsPerPage: q.itemsPerPage,
    }),
);
