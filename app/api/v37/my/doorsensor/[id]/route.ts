import { z } from 'zod';
import { deviceUpdateFields } from '../../device-update';
import { route } from '@/lib/http/route';
import { pathId, qBool } from '@/lib/http/query';
import { reply } from '@/lib/http/reply';
import { deleteDoorSensor, getDoorSensor, updateDoorSensor } from '@/lib/domain/devices/doorsensors';
import { res } from '@/lib/http/responses';
import { DeviceUpdated, DoorSensor } from '@/lib/domain/devices/schemas';

const params = z.object({ id: pathId() });

const body = z.object({
  ...deviceUpdateFields,
  userSettings: z
    .object(
      { favorite: z.boolean({ error: 'must be true or false' }).optional() },
      { error: 'must be an object of settings' },
    )
    .optional(),
});

// GET /api/v37/my/doorsensor/{id}?includeUserSettings=: one door sensor of the caller
export const GET = route(
  {
    summary: 'One door sensor of the caller',
    responses: { 200: DoorSensor },
    scopes: ['Device.Read', 'Device.ReadWrite'],
    params,
    query: z.object({ includeUserSettings: qBool().optional() }),
  },
  (ctx, { params, query }) => getDoorSensor(ctx, { id: params.id, includeUserSettings: query.includeUserSettings }),
);

// PATCH /api/v37/my/doorsensor/{id} {revision, name?, timeZone?, userSettings?} -> {id, revision, targetDeviceRevision}; 409 when stale
export const PATCH = route(
  {
    summary: 'Rename a door sensor or change its time zone or user settings; 409 when revision is stale',
    responses: { 200: DeviceUpdated },
    scopes: ['Device.ReadWrite'],
    params,
    body,
  },
  (ctx, { params, body }) => updateDoorSensor(ctx, { id: params.id, ...body }),
);

// DELETE /api/v37/my/doorsensor/{id}: unpair the sensor from its lock and remove it -> 204 (the lock's doorState becomes 0)
export const DELETE = route(
  {
    summary: "Unpair the sensor from its lock and remove it -> 204 (the lock's doorState becomes 0)",
    responses: { 204: res.empty },
    scopes: ['Device.ReadWrite'],
    params,
  },
  async (ctx, { params }) => {
    await deleteDoorSensor(ctx, params.id);
    return reply.noContent();
  },
);
