import type { Device } from '@/db/schema';
import {
  DoorState,
  LOCK_SETTING_DEFAULTS,
  LOCK_SETTING_KEYS,
  LockState,
  lockSettingsOf,
  OpResult,
  type LockSettings,
  type LockUserSettings,
} from '@/lib/shared/devices/codes';
import { callerPart, common, type Loaded, type ShapeOptions } from './shape';

export const isPaired = (d: Device) => d.connectedToId !== null;

/** When a pulled lock's spring time passes (ms since the epoch): from then on it reads unlocked; null when not pulled. */
export function springsBackAt(d: Device): number | null {
  if (d.state !== LockState.pulled || !d.lastStateChangedDate) return null;
  return d.lastStateChangedDate.getTime() + lockSettingsOf(d.settings).pullSpringDuration * 1000;
}

/** A pulled lock whose spring time has passed is unlocked, even before a worker wrote it down. */
export function effectiveState(d: Device, now: Date): number | null {
  const back = springsBackAt(d);
  if (back === null) return d.state;
  return back <= now.getTime() ? LockState.unlocked : LockState.pulled;
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

export type LockOptions = ShapeOptions;

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
  const userSettings = callerPart('userSettings', d.type, x, o);
  if (userSettings !== undefined) lock.userSettings = userSettings as LockUserSettings & Record<string, unknown>;
  const accessories = callerPart('accessories', d.type, x, o);
  if (accessories !== undefined) lock.accessories = accessories as unknown[];
  return lock;
}

export type LockShape = ReturnType<typeof lockShape>;
