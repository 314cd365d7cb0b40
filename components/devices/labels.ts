import { relative } from '@/lib/shared/time-text';
import type { BadgeTone } from '@/components/ui';
import { DeviceType, DoorState, LockState, LOW_BATTERY, OpResult, TRANSIENT_STATES } from '@/lib/shared/devices/codes';

/** Words for the device codes (lib/shared/devices/codes.ts), and what counts as a problem on a device. */

const S = LockState;
export const STATE: Record<number, string> = {
  [S.uncalibrated]: 'Uncalibrated',
  [S.calibrating]: 'Calibrating',
  [S.unlocked]: 'Unlocked',
  [S.semiLocked]: 'Jammed (semi-locked)',
  [S.unlocking]: 'Unlocking…',
  [S.locking]: 'Locking…',
  [S.locked]: 'Locked',
  [S.pulled]: 'Pulled (latch open)',
  [S.pulling]: 'Pulling…',
  [S.unknown]: 'Unknown',
  [S.updating]: 'Updating',
};
export const stateTone = (s: number): BadgeTone =>
  s === S.locked
    ? 'ok'
    : s === S.unlocked || s === S.pulled
      ? 'info'
      : s === S.semiLocked
        ? 'problem'
        : TRANSIENT_STATES.includes(s)
          ? 'neutral'
          : 'warning';

const D = DoorState;
export const DOOR: Record<number, string> = {
  [D.noSensor]: 'No door sensor',
  [D.sensorDisconnected]: 'Door sensor offline',
  [D.opened]: 'Door open',
  [D.closed]: 'Door closed',
  [D.sensorUncalibrated]: 'Door sensor uncalibrated',
};
export const doorTone = (d: number): BadgeTone =>
  d === D.closed
    ? 'ok'
    : d === D.opened
      ? 'warning'
      : d === D.sensorDisconnected || d === D.sensorUncalibrated
        ? 'problem'
        : 'neutral';

const T = DeviceType;
export const TYPE: Record<number, string> = {
  [T.bridge]: 'Bridge',
  [T.lockPro]: 'Smart lock Pro',
  [T.keypad]: 'Keypad',
  [T.lockGo]: 'Smart lock Go',
  [T.gate]: 'Gate',
  [T.dryContact]: 'Dry contact',
  [T.doorSensor]: 'Door sensor',
  [T.keypadPro]: 'Keypad Pro',
};

export const RESULT: Record<number, string> = {
  [OpResult.ok]: 'Done',
  [OpResult.jammed]: 'The lock jammed',
  [OpResult.timedOut]: 'The lock did not answer in time',
  [OpResult.failed]: 'The command failed',
};

export const LEVEL: Record<number, string> = { 0: 'Guest', 1: 'Administrator', 2: 'Owner' };

export { LOW_BATTERY };

/** Connectivity words: a lock without a bridge is reachable only over Bluetooth at the door. */
export function connectivity(
  isConnected: boolean | null,
  kind: 'lock' | 'bridge' | 'gate' | 'doorSensor',
  linked = true,
): { label: string; tone: BadgeTone } {
  if (kind === 'doorSensor') return { label: 'Through its lock', tone: 'neutral' };
  if (kind === 'gate' && !linked) return { label: 'Unlinked', tone: 'warning' };
  if (isConnected === null) return { label: kind === 'lock' ? 'No bridge' : 'Unknown', tone: 'neutral' };
  return isConnected
    ? { label: 'Connected', tone: 'ok' }
    : { label: kind === 'gate' ? 'Disconnected' : 'Offline', tone: 'problem' };
}

/** When a device's state last changed, relative (lib/shared/time-text), or a dash when it never did. */
export const ago = (iso: string | null | undefined, now = Date.now()): string => (iso ? relative(iso, now) : '—');

/** A gate's opening signal (its impulse length, stored in ms) in words: "1 s", "0.5 s". */
export const seconds = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '—' : `${(ms / 1000).toLocaleString('en', { maximumFractionDigits: 1 })} s`;
