import { DeviceType } from '@/db/schema';
import type { Ctx } from '../context';
import { loadVisible } from './load';
import { doorSensorShape } from './other-shapes';
import { paging } from './paging';

/** GET /my/doorsensor */
export async function listDoorSensors(ctx: Ctx, f: { name?: string; includeUserSettings?: boolean; page?: number; itemsPerPage?: number }) {
  const { page, itemsPerPage } = paging(f);
  const rows = await loadVisible(ctx, { types: [DeviceType.doorSensor], text: f.name, page, itemsPerPage, userSettings: f.includeUserSettings });
  return { page, itemsPerPage, doorSensors: rows.map((x) => doorSensorShape(x, f.includeUserSettings)) };
}
