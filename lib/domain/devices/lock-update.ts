import { getGateway } from '@/lib/devices';
import {
  LOCK_SETTING_KEYS,
  LOCK_TYPES,
  lockSettingsOf,
  type LockSettings,
  type LockUserSettings,
} from '@/lib/shared/devices/codes';
import type { Ctx } from '../context';
import { auditSettings } from '../audit';
import {
  DeviceBusy,
  DeviceTimeout,
  DeviceUnreachable,
  Forbidden,
  isDomainError,
  NotFound,
  PreconditionFailed,
} from '../errors';
import { decideZoneChange } from '@/lib/shared/policy';
import { commandUnderway } from './commands';
import { lockAddress } from './hardware';
import { loadOne } from './load';
import { settingsChanged } from './reports';
import { checkDeviceUpdate, mergeUserSettings, revise, saveUserSettings } from './revise';
import type { DeviceUpdated } from './schemas';

export interface LockUpdate {
  id: number;
  revision: number;
  name?: string;
  timeZone?: string;
  deviceSettings?: Partial<LockSettings>;
  userSettings?: Partial<LockUserSettings>;
}

export type { DeviceUpdated };

/**
 * PATCH /my/lock (Tedee's "Update lock"): name, time zone, deviceSettings and the caller's own
 * userSettings; fields not sent stay as they are. `revision` must be the current one (409).
 *
 * - Name, time zone and device settings are for owners and administrators whose access is active
 *   now (lib/shared/policy: manageDevice); one's own userSettings for anyone who sees the lock.
 * - Changed device settings must reach the lock: it must be reachable (428) and idle (409) before
 *   anything is saved. The change is then saved with `targetDeviceRevision` moved to the new
 *   revision at once (activity 20008 by the caller), and sent; the lock confirms through the
 *   gateway's report (`deviceRevision` catches up, device-settings-changed goes out) before this
 *   answers. A lock that does not confirm in time answers 408: the settings stay saved and
 *   pending (target above device revision), and the next PATCH with deviceSettings sends them again.
 */
export async function updateLock(ctx: Ctx, input: LockUpdate): Promise<DeviceUpdated> {
  const x = await loadOne(ctx, input.id, [...LOCK_TYPES]);
  if (!x) throw NotFound('Lock');
  const now = ctx.now();
  const managing = input.name !== undefined || input.timeZone !== undefined || input.deviceSettings !== undefined;
  await checkDeviceUpdate(ctx, x, now, input, managing, { kind: 'Lock', doing: 'change its settings' });
  const d = x.d;

  const current = lockSettingsOf(d.settings);
  const wanted: LockSettings = { ...current, ...(input.deviceSettings ?? {}) };
  const settingsDiffer = LOCK_SETTING_KEYS.some((k) => wanted[k] !== current[k]);
  // settings the lock has not confirmed yet are sent again with any change of them
  const push = settingsDiffer || (input.deviceSettings !== undefined && d.targetDeviceRevision > d.deviceRevision);
  if (push) {
    if (d.connectedToId === null || x.bridgeConnected !== true)
      throw DeviceUnreachable(
        'The lock is disconnected (no connected bridge), so it cannot take new settings now. Nothing was changed.',
      );
    const hw = await lockAddress(ctx.db, d.id);
    if (hw.bridge && !hw.bridge.capabilities.includes('settings'))
      throw PreconditionFailed(
        "This lock's bridge cannot change its settings: the Tedee Bridge API has no way to do it. Change them in the Tedee app. Nothing was changed.",
      );
    if (await commandUnderway(ctx.db, d.id, now))
      throw DeviceBusy('The lock is busy with another command. Nothing was changed; try again in a moment.');
  }
  const renamed = input.name !== undefined && input.name !== d.name;
  const rezoned = input.timeZone !== undefined && input.timeZone !== d.timeZone;
  if (rezoned && !decideZoneChange(x.access).ok)
    throw Forbidden(
      `Only the owner of ${d.name} can change its time zone: every weekday schedule on it, yours included, would move with it.`,
    );
  const own = mergeUserSettings(x.userSettings, input.userSettings);
  if (!push && !renamed && !rezoned && !own.changed)
    return { id: d.id, revision: d.revision, targetDeviceRevision: d.targetDeviceRevision };

  const saved = await ctx.db.transaction(async (tx) => {
    const row = await revise(
      tx,
      d.id,
      input.revision,
      {
        ...(renamed ? { name: input.name } : {}),
        ...(rezoned ? { timeZone: input.timeZone } : {}),
        ...(settingsDiffer ? { settings: { ...wanted } } : {}),
      },
      push,
    );
    if (own.changed) await saveUserSettings(tx, d.id, ctx.caller.userId, own.merged);
    if (renamed || rezoned || settingsDiffer) {
      const user = { id: ctx.caller.userId, numId: ctx.caller.userNumId, name: ctx.caller.displayName };
      await settingsChanged(tx, { device: row, user, name: row.name, revision: row.revision, notify: !push, at: now });
      await auditSettings(tx, ctx, d, { type: 'lock', name: row.name }, input, { before: current, after: wanted });
    }
    return row;
  });
  if (push) await sendToLock(ctx, saved.id, saved.targetDeviceRevision, wanted);
  return { id: saved.id, revision: saved.revision, targetDeviceRevision: saved.targetDeviceRevision };
}

/** The lock confirms (through the gateway's report) or the saved settings stay pending, in words. */
async function sendToLock(ctx: Ctx, id: number, revision: number, settings: LockSettings): Promise<void> {
  try {
    await getGateway().pushSettings(ctx.db, { lock: await lockAddress(ctx.db, id), revision, settings });
  } catch (e) {
    if (!isDomainError(e)) throw e;
    const saved = `The new settings are saved (revision ${revision}) but the lock has not confirmed them`;
    if (e.code === 'device_unreachable')
      throw DeviceUnreachable(`${saved}: it went offline. Save them again once it is back to send them once more.`);
    if (e.code === 'device_busy')
      throw DeviceTimeout(`${saved}: it was busy with another command. Save again to send them once more.`);
    throw DeviceTimeout(`${saved} in time. Save again to send them once more.`);
  }
}
