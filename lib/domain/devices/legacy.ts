import { DeviceType, LOCK_TYPES } from '@/lib/shared/devices/codes';
import { auditSettings } from '../audit';
import type { Ctx } from '../context';
import { Invalid, NotFound } from '../errors';
import { fmtZ } from '../format';
import { enforceDevice, requireDeviceSecondFactor } from '../policy/enforce';
import { loadOne } from './load';
import { checkZone, revise, staleRevision } from './revise';
import type { DeviceUpdated } from './schemas';

/**
 * What older Tedee clients still ask for, answered from the v37 model (docs/api-compatibility.md,
 * "Legacy paths"). Each goes through the same policy as its v37 counterpart.
 */

/** GET /my/device/{id}/battery (pytedee): a lock's battery as `{level, isCharging, modifiedDate}`. */
export async function lockBattery(ctx: Ctx, id: number) {
  const x = await loadOne(ctx, id, [...LOCK_TYPES]);
  if (!x) throw NotFound('Lock');
  enforceDevice('see', x.access, ctx.now(), { kind: 'Lock', device: x.d.name });
  return {
    level: x.d.batteryLevel ?? null,
    isCharging: x.d.isCharging ?? false,
    modifiedDate: fmtZ(x.d.batteryLevelModifiedTime ?? null),
  };
}

export interface BridgeUpdate {
  id: number;
  revision?: number;
  name?: string;
  timeZone?: string;
  localApiEnabled?: boolean;
}

/**
 * PATCH /my/bridge (the Homey app, like Tedee's PATCH /my/lock): a bridge's name and time zone, for
 * its owner and administrators active now. `revision` is checked when sent (Homey sends none).
 * There is no bridge-local API in this service: `localApiEnabled: false` changes nothing, `true`
 * is refused (400) rather than answered as if it had been switched on.
 */
export async function updateBridge(ctx: Ctx, input: BridgeUpdate): Promise<DeviceUpdated> {
  const x = await loadOne(ctx, input.id, [DeviceType.bridge]);
  if (!x) throw NotFound('Bridge');
  const now = ctx.now();
  enforceDevice('manageDevice', x.access, now, { kind: 'Bridge', device: x.d.name, doing: 'change its settings' });
  if (input.localApiEnabled === true)
    throw Invalid('localApiEnabled: bridges here have no local API to switch on; nothing was changed.');
  checkZone(input.timeZone);
  await requireDeviceSecondFactor(ctx, input.id, 'manageDevice');
  const d = x.d;
  if (input.revision !== undefined && input.revision !== d.revision) throw staleRevision(d.revision, input.revision);
  const renamed = input.name !== undefined && input.name !== d.name;
  const rezoned = input.timeZone !== undefined && input.timeZone !== d.timeZone;
  if (!renamed && !rezoned) return { id: d.id, revision: d.revision, targetDeviceRevision: d.targetDeviceRevision };
  const row = await ctx.db.transaction(async (tx) => {
    const r = await revise(tx, d.id, d.revision, {
      ...(renamed ? { name: input.name } : {}),
      ...(rezoned ? { timeZone: input.timeZone } : {}),
    });
    await auditSettings(tx, ctx, d, { type: 'bridge', name: r.name }, input);
    return r;
  });
  return { id: row.id, revision: row.revision, targetDeviceRevision: row.targetDeviceRevision };
}
