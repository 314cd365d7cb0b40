/**
 * The numbers devices speak in (decisions.md, "Numbers with meaning"), their words, and the lock
 * settings with their defaults: one pure module (no imports) that the domain, the gateway, the
 * simulator, the seed and the portal all use, so no bare number or second copy of a default
 * exists anywhere else.
 */

/** Device `type`. */
export const DeviceType = {
  bridge: 1,
  lockPro: 2,
  keypad: 3,
  lockGo: 4,
  gate: 5,
  dryContact: 6,
  doorSensor: 8,
  keypadPro: 10,
} as const;

export const LOCK_TYPES: readonly number[] = [DeviceType.lockPro, DeviceType.lockGo];
export const isLockType = (t: number) => t === DeviceType.lockPro || t === DeviceType.lockGo;

/** The kinds of device the lists show (GET /my/device/list's `kind`, the Devices page's Kind filter). */
export const DEVICE_KINDS = ['lock', 'bridge', 'gate', 'doorSensor'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];
export const isDeviceKind = (k: string): k is DeviceKind => (DEVICE_KINDS as readonly string[]).includes(k);

/** Lock `deviceState.state`. */
export const LockState = {
  uncalibrated: 0,
  calibrating: 1,
  unlocked: 2,
  semiLocked: 3,
  unlocking: 4,
  locking: 5,
  locked: 6,
  pulled: 7,
  pulling: 8,
  unknown: 9,
  updating: 18,
} as const;

/** States a lock passes through on its way to a final one: no lock-status-changed event for them. */
export const TRANSIENT_STATES: readonly number[] = [LockState.unlocking, LockState.locking, LockState.pulling];
/** States in which the lock moves on by itself soon (a command runs, the spring returns): poll quickly. */
export const MOVING_STATES: readonly number[] = [...TRANSIENT_STATES, LockState.pulled];
/** States a forced unlock (mode 2) is meant for: the lock does not know where its bolt is. */
export const FORCE_STATES: readonly number[] = [LockState.semiLocked, LockState.unknown];

/** Lock `deviceState.doorState`. */
export const DoorState = { noSensor: 0, sensorDisconnected: 1, opened: 2, closed: 3, sensorUncalibrated: 4 } as const;

/** Operation `type`. */
export const OperationType = { lock: 0, unlock: 1, pull: 2 } as const;
export type OperationTypeValue = (typeof OperationType)[keyof typeof OperationType];

/** Operation `result` and `deviceState.stateChangeResult`. */
export const OpResult = { ok: 0, jammed: 1, timedOut: 2, failed: 3 } as const;

/** Unlock `mode`. */
export const UnlockMode = { normal: 0, force: 2, withoutPull: 3, pullIfUnlocked: 4 } as const;

/** Activity `source`. */
export const ActivitySource = { device: 0, remote: 1 } as const;
export type ActivitySourceValue = (typeof ActivitySource)[keyof typeof ActivitySource];

/** Activity `event` (decisions.md; ours above 20000, listed in docs/devices.md). */
export const ActivityEvent = {
  lockedRemotely: 32,
  unlockedRemotely: 33,
  lockedButton: 34,
  unlockedButton: 35,
  lockedAuto: 36,
  lockedKnob: 38,
  unlockedKnob: 39,
  jammed: 40,
  chargingStarted: 46,
  chargingStopped: 50,
  pulledRemotely: 51,
  unlockedPin: 61,
  wrongPin: 62,
  pinOutsideTime: 75,
  doorOpened: 83,
  doorClosed: 84,
  doorOpenTooLong: 86,
  lockedLink: 226,
  unlockedLink: 228,
  pulledLink: 230,
  gateOpenedRemotely: 10000,
  gateOpenedLink: 10001,
  remoteCommandTimedOut: 20001,
  remoteCommandFailed: 20002,
  bridgeConnected: 20003,
  bridgeDisconnected: 20004,
  batteryLow: 20005,
  bellPressed: 20006,
  keypadLockedOut: 20007,
  settingsChanged: 20008,
  removedFromOrganization: 20009,
  leftOrganization: 20010,
} as const;

/** How it happened: app, PIN, button, knob, link, automatic, the door sensor, or the device on its own. */
export type ActivityMethod = 'app' | 'PIN' | 'button' | 'knob' | 'link' | 'automatic' | 'sensor' | 'device';

const E = ActivityEvent;
export const EVENT_INFO: Record<number, { name: string; method: ActivityMethod }> = {
  [E.lockedRemotely]: { name: 'Locked remotely', method: 'app' },
  [E.unlockedRemotely]: { name: 'Unlocked remotely', method: 'app' },
  [E.lockedButton]: { name: 'Locked with the button', method: 'button' },
  [E.unlockedButton]: { name: 'Unlocked with the button', method: 'button' },
  [E.lockedAuto]: { name: 'Locked automatically', method: 'automatic' },
  [E.lockedKnob]: { name: 'Locked by hand (knob)', method: 'knob' },
  [E.unlockedKnob]: { name: 'Unlocked by hand (knob)', method: 'knob' },
  [E.jammed]: { name: 'Jammed', method: 'device' },
  [E.chargingStarted]: { name: 'Battery charging started', method: 'device' },
  [E.chargingStopped]: { name: 'Battery charging stopped', method: 'device' },
  [E.pulledRemotely]: { name: 'Pulled remotely', method: 'app' },
  [E.unlockedPin]: { name: 'Unlocked with a PIN', method: 'PIN' },
  [E.wrongPin]: { name: 'Wrong PIN entered', method: 'PIN' },
  [E.pinOutsideTime]: { name: 'PIN used outside its allowed time', method: 'PIN' },
  [E.doorOpened]: { name: 'Door opened', method: 'sensor' },
  [E.doorClosed]: { name: 'Door closed', method: 'sensor' },
  [E.doorOpenTooLong]: { name: 'Door open too long', method: 'sensor' },
  [E.lockedLink]: { name: 'Locked through an access link', method: 'link' },
  [E.unlockedLink]: { name: 'Unlocked through an access link', method: 'link' },
  [E.pulledLink]: { name: 'Pulled through an access link', method: 'link' },
  [E.gateOpenedRemotely]: { name: 'Gate opened remotely', method: 'app' },
  [E.gateOpenedLink]: { name: 'Gate opened through an access link', method: 'link' },
  [E.remoteCommandTimedOut]: { name: 'Remote command timed out (no answer from the lock)', method: 'app' },
  [E.remoteCommandFailed]: { name: 'Remote command failed', method: 'app' },
  [E.bridgeConnected]: { name: 'Bridge connected', method: 'device' },
  [E.bridgeDisconnected]: { name: 'Bridge disconnected', method: 'device' },
  [E.batteryLow]: { name: 'Battery low', method: 'device' },
  [E.bellPressed]: { name: 'Bell button pressed', method: 'device' },
  [E.keypadLockedOut]: { name: 'Keypad locked out after five wrong PINs', method: 'PIN' },
  [E.settingsChanged]: { name: 'Settings changed', method: 'app' },
  [E.removedFromOrganization]: { name: 'Removed from the organization: access ended', method: 'app' },
  [E.leftOrganization]: { name: 'Left the organization: access ended', method: 'app' },
};

/** Events a person should look at (shown as warnings). */
export const PROBLEM_EVENTS: ReadonlySet<number> = new Set([
  E.jammed,
  E.wrongPin,
  E.pinOutsideTime,
  E.doorOpenTooLong,
  E.remoteCommandTimedOut,
  E.remoteCommandFailed,
  E.bridgeDisconnected,
  E.batteryLow,
  E.keypadLockedOut,
]);

export function eventInfo(event: number): { name: string; method: ActivityMethod } {
  return EVENT_INFO[event] ?? { name: `Event ${event}`, method: 'device' };
}

/** Below this battery level (percent) a device is reported low (event 20005) and shown as a problem. */
export const LOW_BATTERY = 20;

// ---- lock settings --------------------------------------------------------------------------

/** A lock's deviceSettings (api-v37.md). Delays, durations and thresholds are in seconds. */
export interface LockSettings {
  autoLockEnabled: boolean;
  autoLockDelay: number;
  autoLockImplicitEnabled: boolean;
  autoLockImplicitDelay: number;
  pullSpringEnabled: boolean;
  pullSpringDuration: number;
  autoPullSpringEnabled: boolean;
  postponedLockEnabled: boolean;
  postponedLockDelay: number;
  buttonLockEnabled: boolean;
  buttonUnlockEnabled: boolean;
  isAsync: boolean;
  openDoorAlertEnabled: boolean;
  openDoorAlertThreshold: number;
  autoLockAfterDoorClosedEnabled: boolean;
  doorStateEventLoggingEnabled: boolean;
}

/** The settings of a lock that reported none; the seed, the test factories and the simulator start from it. */
export const LOCK_SETTING_DEFAULTS: Readonly<LockSettings> = Object.freeze({
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
  doorStateEventLoggingEnabled: true,
});

export type NumericSetting = {
  [K in keyof LockSettings]: LockSettings[K] extends number ? K : never;
}[keyof LockSettings];

/** What a client may set a numeric setting to, in whole seconds (Tedee: the open-door alert from 1 minute to 1 hour). */
export const LOCK_SETTING_LIMITS: Readonly<Record<NumericSetting, { min: number; max: number }>> = Object.freeze({
  autoLockDelay: { min: 1, max: 3600 },
  autoLockImplicitDelay: { min: 1, max: 3600 },
  pullSpringDuration: { min: 1, max: 10 },
  postponedLockDelay: { min: 1, max: 60 },
  openDoorAlertThreshold: { min: 60, max: 3600 },
});

export const LOCK_SETTING_KEYS = Object.keys(LOCK_SETTING_DEFAULTS) as (keyof LockSettings)[];

/** A stored settings object read with the defaults filled in (unknown keys dropped). */
export function lockSettingsOf(raw: unknown): LockSettings {
  const s = (raw ?? {}) as Record<string, unknown>;
  const out = { ...LOCK_SETTING_DEFAULTS } as Record<string, unknown>;
  for (const k of LOCK_SETTING_KEYS) {
    const v = s[k];
    if (typeof v === typeof LOCK_SETTING_DEFAULTS[k]) out[k] = v;
  }
  return out as unknown as LockSettings;
}

/** A lock's userSettings (each user's own: auto unlock on the phone). */
export interface LockUserSettings {
  autoUnlockEnabled: boolean;
  autoUnlockConfirmEnabled: boolean;
  autoUnlockRangeIn: number;
  autoUnlockRangeOut: number;
  autoUnlockTimeout: number;
  location: { latitude: number; longitude: number };
}

export const LOCK_USER_SETTING_DEFAULTS: Readonly<LockUserSettings> = Object.freeze({
  autoUnlockEnabled: false,
  autoUnlockConfirmEnabled: false,
  autoUnlockRangeIn: 100,
  autoUnlockRangeOut: 200,
  autoUnlockTimeout: 300,
  location: { latitude: 0, longitude: 0 },
});

/** The most devices one `GET /my/device/details?deviceId=...` names (ours): the route's bound and the portal's. */
export const DETAILS_IDS_AT_ONCE = 200;
