import { eq } from 'drizzle-orm';
import { devices } from '@/db/schema';
import type { Ctx } from '../context';
import { NotFound } from '../errors';
import { may } from '../policy';
import { requireDevice } from '../policy/enforce';
import { refusalFor } from '../policy/words';
import { lockHead } from './store';

export interface PinsTabInfo {
  deviceId: number;
  name: string;
  timeZone: string;
  /** may see and change PINs now (lib/domain/policy: managePins); otherwise `refusal` says why */
  canManage: boolean;
  refusal: string | null;
}

/** What the portal's PINs tab needs before its first request: 404 when unseen or not a lock. */
export async function pinsTabInfo(ctx: Ctx, deviceId: number): Promise<PinsTabInfo> {
  const acc = await requireDevice(ctx, deviceId, 'see');
  const head = await lockHead(ctx.db, deviceId);
  const [d] = await ctx.db.select({ name: devices.name }).from(devices).where(eq(devices.id, deviceId));
  if (!d) throw NotFound('Lock');
  const now = ctx.now();
  return { deviceId, name: d.name, timeZone: head.timeZone, canManage: may('managePins', acc, now), refusal: refusalFor('managePins', acc, now, { device: d.name, doing: 'manage its PINs' }) };
}
