import { and, eq } from 'drizzle-orm';
import { devices } from '@/db/schema';
import { getGateway } from '@/lib/devices';
import { lockAddress } from './hardware';
import { DeviceType } from '@/lib/shared/devices/codes';
import type { Ctx } from '../context';
import { audit, auditSettings } from '../audit';
import { NotFound } from '../errors';
import { enforceDevice, requireDeviceSecondFactor } from '../policy/enforce';
import type { DeviceUpdated } from './lock-update';
import { loadOne, loadVisible } from './load';
import { doorSensorShape } from './other-shapes';
import { paging } from './paging';
import { settingsChanged } from './reports';
import { checkDeviceUpdate, mergeUserSettings, revise, saveUserSettings } from './revise';
import type { Loaded } from './shape';

const SENSOR = [DeviceType.doorSensor];

/** GET /my/doorsensor */
export async function listDoorSensors(
  ctx: Ctx,
  f: { name?: string; includeUserSettings?: boolean; page?: number; itemsPerPage?: number },
) {
  const { page, itemsPerPage } = paging(f);
  const rows = await loadVisible(ctx, {
    types: SENSOR,
    text: f.name,
    page,
    itemsPerPage,
    userSettings: f.includeUserSettings,
  });
  return { page, itemsPerPage, doorSensors: rows.map((x) => doorSensorShape(x, f.includeUserSettings)) };
}

async function oneSensor(ctx: Ctx, id: number): Promise<Loaded> {
  const x = await loadOne(ctx, id, SENSOR);
  if (!x) throw NotFound('Door sensor');
  return x;
}

/** GET /my/doorsensor/{id} */
export async function getDoorSensor(ctx: Ctx, input: { id: number; includeUserSettings?: boolean }) {
  return doorSensorShape(await oneSensor(ctx, input.id), input.includeUserSettings);
}

/**
 * PATCH /my/doorsensor/{id}: name and time zone (owners and active administrators: manageDevice)
 * and the caller's own userSettings (anyone who sees it), with `revision` as for locks (409 when
 * stale). Nothing here reaches the sensor itself, so `targetDeviceRevision` stays.
 */
export async function updateDoorSensor(
  ctx: Ctx,
  input: { id: number; revision: number; name?: string; timeZone?: string; userSettings?: { favorite?: boolean } },
): Promise<DeviceUpdated> {
  const x = await oneSensor(ctx, input.id);
  const now = ctx.now();
  const managing = input.name !== undefined || input.timeZone !== undefined;
  await checkDeviceUpdate(ctx, x, now, input, managing, {
    kind: 'Door sensor',
    doing: 'rename it or change its time zone',
  });
  const d = x.d;
  const renamed = input.name !== undefined && input.name !== d.name;
  const rezoned = input.timeZone !== undefined && input.timeZone !== d.timeZone;
  const own = mergeUserSettings(x.userSettings, input.userSettings);
  if (!renamed && !rezoned && !own.changed)
    return { id: d.id, revision: d.revision, targetDeviceRevision: d.targetDeviceRevision };
  const row = await ctx.db.transaction(async (tx) => {
    const r = await revise(tx, d.id, input.revision, {
      ...(renamed ? { name: input.name } : {}),
      ...(rezoned ? { timeZone: input.timeZone } : {}),
    });
    if (own.changed) await saveUserSettings(tx, d.id, ctx.caller.userId, own.merged);
    if (renamed || rezoned) {
      await settingsChanged(tx, {
        device: r,
        user: { id: ctx.caller.userId, numId: ctx.caller.userNumId, name: ctx.caller.displayName },
        name: r.name,
        revision: r.revision,
        notify: true,
        at: now,
      });
      await auditSettings(tx, ctx, d, { type: 'doorSensor', name: r.name }, input);
    }
    return r;
  });
  return { id: row.id, revision: row.revision, targetDeviceRevision: row.targetDeviceRevision };
}

/**
 * DELETE /my/doorsensor/{id}: the sensor leaves its lock and the service (owners and active
 * administrators: manageDevice). Its lock then reports that it has no door sensor (doorState 0),
 * in the same transaction.
 */
export async function deleteDoorSensor(ctx: Ctx, id: number): Promise<void> {
  const x = await oneSensor(ctx, id);
  enforceDevice('manageDevice', x.access, ctx.now(), { kind: 'Door sensor', device: x.d.name, doing: 'remove it' });
  await requireDeviceSecondFactor(ctx, id, 'manageDevice');
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(devices)
      .where(and(eq(devices.id, id), eq(devices.type, DeviceType.doorSensor)))
      .returning({ lockId: devices.connectedToId });
    if (gone?.lockId)
      await getGateway().unpairDoorSensor(tx, { sensorId: id, lock: await lockAddress(tx, gone.lockId) });
    if (gone)
      await audit(tx, ctx, {
        action: 'device.delete',
        organizationId: x.d.organizationId,
        deviceId: id,
        target: { type: 'doorSensor', id, name: x.d.name },
        before: { name: x.d.name, serialNumber: x.d.serialNumber },
      });
  });
}
