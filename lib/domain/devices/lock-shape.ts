import type { Device } from '@/db/schema';
import {
  DoorState,
  LOCK_SETTING_DEFAULTS,
  LOCK_SETTING_KEYS,
  LOCK_USER_SETTING_DEFAULTS,
  LockState,
  lockSettingsOf,
  OpResult,
  type LockSettings,
  type LockUserSettings,
} from '@/lib/shared/devices/codes';
import { common, type Loaded } from './shape';

export const isPaired = (d: Device) => d.connectedToId !== null;

/** A pulled lock whose spring time has passed is unlocked, even before a worker wrote it down. */
export function effectiveState(d: Device, now: Date): number | null {
  if (d.state !== LockState.pulled || !d.lastStateChangedDate) return d.state;
  const secs = lockSettingsOf(d.settings).pullSpringDuration;
  return d.lastStateChangedDate.getTime() + secs * 1000 <= now.getTime() ? LockState.unlocked : LockState.pulled;
}

export function deviceState(d: Device, now: Date) {
  if (!isPaired(d)) return null;
  return {
    state: effectiveState(d, now) ?? LockState.unknown,
    doorState: d.doorState ?? DoorState.noSensor,
    isCharging: d.isCharging ?? false,
    batteryLevel: d.batteryLevel ?? 0,
    stateChangeResult: d.stateChangeResult ?? OpResult.ok,
    lastStateChangedDate: (d.lastStateChangedDate ?? d.created).toISOString(),
  };
}

/** deviceSettings as the API shows them; `doorStateEventLoggingEnabled` only on a lock with a bridge. */
export type DeviceSettingsShape = Omit<LockSettings, 'doorStateEventLoggingEnabled'> & {
  doorStateEventLoggingEnabled?: boolean;
};

/** The stored settings with the defaults filled in (lockSettingsOf, written out: a list shapes a thousand locks). */
function deviceSettings(d: Device): DeviceSettingsShape {
  const s = d.settings as Record<string, unknown>;
  const def = LOCK_SETTING_DEFAULTS as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const paired = isPaired(d);
  for (const k of LOCK_SETTING_KEYS) {
    // only a paired lock reports door events (the flag is absent otherwise, as the contract shows)
    if (k === 'doorStateEventLoggingEnabled' && !paired) continue;
    const v = s[k];
    out[k] = typeof v === typeof def[k] ? v : def[k];
  }
  return out as DeviceSettingsShape;
}

export interface LockOptions {
  includeUserSettings?: boolean;
  includeAccessories?: boolean;
}

/**
 * The lock of api-v37.md; nulls for a lock without a bridge. Shapes add their fields to the common
 * ones with Object.assign: spreading copies every field again, which for a thousand devices was
 * most of `/my/device/details`' time in JS. The field order is the same.
 */
export function lockShape(x: Loaded, now: Date, o: LockOptions = {}) {
  const d = x.d;
  const paired = isPaired(d);
  const lock: ReturnType<typeof common> & {
    connectedToId: number | null;
    beaconMajor: number | null;
    beaconMinor: number | null;
    deviceState: ReturnType<typeof deviceState>;
    deviceSettings: DeviceSettingsShape;
    userSettings?: LockUserSettings & Record<string, unknown>;
    accessories?: unknown[];
    // connected while its bridge is and it has not reported losing its link to it
  } = Object.assign(common(x, paired ? x.bridgeConnected === true && d.isConnected !== false : null), {
    connectedToId: paired ? d.connectedToId : null,
    beaconMajor: paired ? d.beaconMajor : null,
    beaconMinor: paired ? d.beaconMinor : null,
    deviceState: deviceState(d, now),
    deviceSettings: deviceSettings(d),
  });
  if (o.includeUserSettings) lock.userSettings = { ...LOCK_USER_SETTING_DEFAULTS, ...(x.userSettings ?? {}) };
  // no accessory hardware is modelled: the list is real but always empty
  if (o.includeAccessories) lock.accessories = [];
  return lock;
}

export type LockShape = ReturnType<typeof lockShape>;
