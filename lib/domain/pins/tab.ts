import { eq } from 'drizzle-orm';
import { devices } from '@/db/schema';
import type { Ctx } from '../context';
import { NotFound } from '../errors';
import { may } from '@/lib/shared/policy';
import { requireDevice } from '../policy/enforce';
import { refusalFor } from '@/lib/shared/policy/words';
import { lockAddress, missingCapability } from '../devices/hardware';
import type { LockAddress } from '@/lib/devices/gateway';
import { lockHead } from './store';

export interface PinsTabInfo {
  deviceId: number;
  name: string;
  timeZone: string;
  /** may see and change PINs now (lib/shared/policy: managePins); otherwise `refusal` says why */
  canManage: boolean;
  refusal: string | null;
  /** its bridge cannot keep PINs (a Tedee bridge): why the tab offers nothing to change */
  unsupported: string | null;
  /** why a PIN cannot be added now (the lock cannot be reached, as the gateway would refuse), or null */
  offline: string | null;
}

/**
 * Why a new PIN cannot reach the lock now, in a property manager's words, from what the service
 * knows (the same rules the gateway refuses with 428, without calling the bridge); null when it can try.
 */
export function pinsOfflineReason(lock: Pick<LockAddress, 'bridge' | 'remoteId' | 'isConnected'>, name: string) {
  if (!lock.bridge || lock.remoteId === null)
    return `PINs cannot be added now: ${name} has no bridge, so the service cannot reach it.`;
  if (lock.bridge.isConnected === false)
    return `PINs cannot be added now: ${name} is offline (its bridge is disconnected). Try again when it is back online.`;
  if (lock.isConnected === false)
    return `PINs cannot be added now: ${name} is offline (it lost its link to its bridge). Try again when it is back online.`;
  return null;
}

/** What the portal's PINs tab needs before its first request: 404 when unseen or not a lock. */
export async function pinsTabInfo(ctx: Ctx, deviceId: number): Promise<PinsTabInfo> {
  const acc = await requireDevice(ctx, deviceId, 'see');
  const head = await lockHead(ctx.db, deviceId);
  const [d] = await ctx.db.select({ name: devices.name }).from(devices).where(eq(devices.id, deviceId));
  if (!d) throw NotFound('Lock');
  const now = ctx.now();
  return {
    deviceId,
    name: d.name,
    timeZone: head.timeZone,
    canManage: may('managePins', acc, now),
    refusal: refusalFor('managePins', acc, now, { device: d.name, doing: 'manage its PINs' }),
    unsupported: await missingCapability(ctx.db, deviceId, 'pins'),
    offline: pinsOfflineReason(await lockAddress(ctx.db, deviceId), d.name),
  };
}
