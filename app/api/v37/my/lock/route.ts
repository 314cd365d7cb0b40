import { z } from 'zod';
import { route } from '@/lib/http/route';
import { qArray, qBool, qInt } from '@/lib/http/query';
import { listLocks } from '@/lib/domain/devices/locks';
import { updateLock } from '@/lib/domain/devices/lock-update';
import { lockUpdateBody } from './update-body';

const query = z.object({
  'filters.text': z.string().max(200, 'must be at most 200 characters').optional(),
  'filters.state': qArray(qInt(0, 255)).optional(),
  'filters.batteryBelow': qInt(0, 101).optional(),
  'filters.accessLevel': qArray(qInt(0, 2)).optional(),
  IncludeUserSettings: qBool().optional(),
  IncludeAccessories: qBool().optional(),
  page: qInt(1, 1_000_000).optional(),
  itemsPerPage: qInt(1, 100).optional(),
});

// GET /api/v37/my/lock: the caller's locks (filters: text, state, battery below, access level; paged)
export const GET = route({ scopes: ['Device.Read', 'Device.ReadWrite'], query }, (ctx, { query: q }) =>
  listLocks(ctx, {
    text: q['filters.text'],
    state: q['filters.state'],
    batteryBelow: q['filters.batteryBelow'],
    accessLevel: q['filters.accessLevel'],
    includeUserSettings: q.IncludeUserSettings,
    includeAccessories: q.IncludeAccessories,
    page: q.page,
    itemsPerPage: q.itemsPerPage,
  }),
);

// PATCH /api/v37/my/lock {id, revision, name?, timeZone?, deviceSettings?, userSettings?}: change a lock
// -> {id, revision, targetDeviceRevision}; 409 when `revision` is stale; 408/409/428 when the lock cannot take new settings
export const PATCH = route({ scopes: ['Device.ReadWrite'], body: lockUpdateBody }, (ctx, { body }) => updateLock(ctx, body));
