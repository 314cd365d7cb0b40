import type { Device } from '@/db/schema';
import { common, type Loaded } from './shape';

/** deviceSettings of a lock that reported none; seed and test data start from it too. */
export const LOCK_SETTING_DEFAULTS = {
  autoLockEnabled: false,
  autoLockDelay: 60,
  autoLockImplicitEnabled: false,
  autoLockImplicitDelay: 10,
  pullSpringEnabled: false,
  pullSpringDuration: 1,
  autoPullSpringEnabled: false,
  postponedLockEnabled: false,
  postponedLockDelay: 5,
  buttonLockEnabled: true,
  buttonUnlockEnabled: true,
  isAsync: false,
  openDoorAlertEnabled: false,
  openDoorAlertThreshold: 300,
  autoLockAfterDoorClosedEnabled: false,
};

export const LOCK_USER_SETTINGS = {
  autoUnlockEnabled: false,
  autoUnlockConfirmEnabled: false,
  autoUnlockRangeIn: 100,
  autoUnlockRangeOut: 200,
  autoUnlockTimeout: 300,
  location: { latitude: 0, longitude: 0 },
};

export const isPaired = (d: Device) => d.connectedToId !== null;

/** A pulled lock whose spring time has passed is unlocked, even before a worker wrote it down. */
export function effectiveState(d: Device, now: Date): number | null {
  if (d.state !== 7 || !d.lastStateChangedDate) return d.state;
  const secs = Number((d.settings as { pullSpringDuration?: number }).pullSpringDuration ?? 1);
  return d.lastStateChangedDate.getTime() + secs * 1000 <= now.getTime() ? 2 : 7;
}

export function deviceState(d: Device, now: Date) {
  if (!isPaired(d)) return null;
  return {
    state: effectiveState(d, now) ?? 9,
    doorState: d.doorState ?? 0,
    isCharging: d.isCharging ?? false,
    batteryLevel: d.batteryLevel ?? 0,
    stateChangeResult: d.stateChangeResult ?? 0,
    lastStateChangedDate: (d.lastStateChangedDate ?? d.created).toISOString(),
  };
}

function deviceSettings(d: Device) {
  const s = d.settings as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, def] of Object.entries(LOCK_SETTING_DEFAULTS)) out[k] = s[k] ?? def;
  // only a paired lock reports door events (the flag is absent otherwise, as the contract shows)
  if (isPaired(d)) out.doorStateEventLoggingEnabled = s.doorStateEventLoggingEnabled ?? true;
  return out;
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
    deviceSettings: Record<string, unknown>;
    userSettings?: typeof LOCK_USER_SETTINGS & Record<string, unknown>;
    accessories?: unknown[];
  } = Object.assign(common(x, paired ? x.bridgeConnected === true : null), {
    connectedToId: paired ? d.connectedToId : null,
    beaconMajor: paired ? d.beaconMajor : null,
    beaconMinor: paired ? d.beaconMinor : null,
    deviceState: deviceState(d, now),
    deviceSettings: deviceSettings(d),
  });
  if (o.includeUserSettings) lock.userSettings = { ...LOCK_USER_SETTINGS, ...(x.userSettings ?? {}) };
  // no accessory hardware is modelled: the list is real but always empty
  if (o.includeAccessories) lock.accessories = [];
  return lock;
}

export type LockShape = ReturnType<typeof lockShape>;
