import { z } from 'zod';
import { route } from '@/lib/http/route';
import { qArray, qBool, qInt } from '@/lib/http/query';
import { listLocks } from '@/lib/domain/devices/locks';
import { updateLock } from '@/lib/domain/devices/lock-update';
import { lockUpdateBody } from './update-body';
import { DeviceUpdated, Lock } from '@/lib/domain/devices/schemas';

/** An organization id, or `null` (any case) for private locks, as Tedee's Filters.OrganizationIds takes them. */
const orgId = z.preprocess(
  (v) => (typeof v === 'string' && v.trim().toLowerCase() === 'null' ? null : v),
  z.union([z.null(), qInt(1, 2147483647)]),
);

/** Repeated names and comma-separated lists both give several ids. */
const commaList = (v: unknown) =>
  v === undefined
    ? v
    : (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === 'string' ? x.split(',').filter((s) => s !== '') : [x]));

// Tedee's query names (docs/source/endpoints/lock/get-all.rst), matched in any case; filters.batteryBelow is ours
const query = z.object({
  'filters.text': z.string().max(200, 'must be at most 200 characters').optional(),
  'filters.state': qArray(qInt(0, 255)).optional(),
  'filters.batteryLevel': qInt(0, 100).optional(),
  'filters.batteryBelow': qInt(0, 101).optional(),
  'filters.accessLevel': qArray(qInt(0, 2)).optional(),
  'filters.organizationIds': z.preprocess(commaList, qArray(orgId, 100)).optional(),
  'filters.updateAvailable': qBool().optional(),
  IncludeOrganization: qBool().optional(),
  IncludeUserSettings: qBool().optional(),
  IncludeAccessories: qBool().optional(),
  page: qInt(1, 1_000_000).optional(),
  itemsPerPage: qInt(1, 100).optional(),
});

// GET /api/v37/my/lock: the caller's locks as Tedee's array (all of them unless page/itemsPerPage is given), filtered
export const GET = route(
  {
    summary: "The caller's locks as Tedee's array (all of them unless page/itemsPerPage is given), filtered",
    responses: { 200: z.array(Lock) },
    scopes: ['Device.Read', 'Device.ReadWrite'],
    query,
  },
  (ctx, { query: q }) =>
    listLocks(ctx, {
      text: q['filters.text'],
      state: q['filters.state'],
      batteryLevel: q['filters.batteryLevel'],
      batteryBelow: q['filters.batteryBelow'],
      accessLevel: q['filters.accessLevel'],
      organizationIds: q['filters.organizationIds'],
      updateAvailable: q['filters.updateAvailable'],
      includeOrganization: q.IncludeOrganization,
      includeUserSettings: q.IncludeUserSettings,
      includeAccessories: q.IncludeAccessories,
      page: q.page,
      itemsPerPage: q.itemsPerPage,
    }),
);

// PATCH /api/v37/my/lock {id, revision, name?, timeZone?, deviceSettings?, userSettings?}: change a lock
// -> {id, revision, targetDeviceRevision}; 409 when `revision` is stale; 408/409/428 when the lock cannot take new settings;
// 412 when its bridge cannot change settings (a Tedee bridge: docs/devices.md, "Capabilities")
export const PATCH = route(
  {
    summary: "Change a lock's name, time zone or settings (revision required; 409 when stale)",
    responses: { 200: DeviceUpdated },
    errors: [408, 412, 428],
    scopes: ['Device.ReadWrite'],
    body: lockUpdateBody,
  },
  (ctx, { body }) => updateLock(ctx, body),
);
