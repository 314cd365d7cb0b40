import { eq } from 'drizzle-orm';
import { devices } from '@/db/schema';
import { Level, requireDeviceAccess } from '../access/effective';
import type { Ctx } from '../context';
import { NotFound } from '../errors';
import { lockHead } from './store';

export interface PinsTabInfo {
  deviceId: number;
  name: string;
  timeZone: string;
  /** owner or administrator: may see and change PINs (guests see an explanation instead) */
  canManage: boolean;
}

/** What the portal's PINs tab needs before its first request: 404 when unseen or not a lock. */
export async function pinsTabInfo(ctx: Ctx, deviceId: number): Promise<PinsTabInfo> {
  const acc = await requireDeviceAccess(ctx, deviceId);
  const head = await lockHead(ctx.db, deviceId);
  const [d] = await ctx.db.select({ name: devices.name }).from(devices).where(eq(devices.id, deviceId));
  if (!d) throw NotFound('Lock');
  return { deviceId, name: d.name, timeZone: head.timeZone, canManage: acc.accessLevel >= Level.administrator };
}
