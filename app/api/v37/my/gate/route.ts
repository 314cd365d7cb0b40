import { z } from 'zod';
import { route } from '@/lib/http/route';
import { qBool, qInt } from '@/lib/http/query';
import { listGates } from '@/lib/domain/devices/gates';
import { GatePage } from '@/lib/domain/devices/schemas';

const query = z.object({
  'filters.name': z.string().max(200, 'must be at most 200 characters').optional(),
  'filters.isConnected': qBool().optional(),
  includeUserSettings: qBool().optional(),
  itemsPerPage: qInt(1, 100).optional(),
  page: qInt(1, 1_000_000).optional(),
});

// GET /api/v37/my/gate: {page, itemsPerPage, gates}
export const GET = route(
  {
    summary: "The caller's gates, paged and filtered: {page, itemsPerPage, gates}",
    responses: { 200: GatePage },
    scopes: ['Device.Read', 'Device.ReadWrite'],
    query,
  },
  (ctx, { query: q }) =>
    listGates(ctx, {
      name: q['filters.name'],
      isConnected: q['filters.isConnected'],
      includeUserSettings: q.includeUserSettings,
      page: q.page,
      itemsPerPage: q.itemsPerPage,
    }),
);
