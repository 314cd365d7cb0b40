import { DateTime } from 'luxon';
import type { KeypadOutcome, PinOnLock } from '../tedee/protocol';

/**
 * The lock's keypad, as its firmware judges an entry: the PINs the service wrote to the lock (with
 * when each may open, judged in the lock's own time zone), five wrong PINs in a row lock it out for
 * 60 s, doubling with each further run (up to a day); while locked out it ignores every entry, the
 * right PIN too. A PIN past its end date is no longer held by the lock: it counts as wrong.
 */
export const MAX_WRONG = 5;
export const LOCKOUT_MS = 60_000;
export const LOCKOUT_MAX_MS = 24 * 3600_000;

export interface KeypadState {
  failures: number;
  runs: number;
  lockedUntil: number | null;
}

export type KeypadVerdict =
  | { outcome: 'ignored'; lockedUntil: number }
  | { outcome: Exclude<KeypadOutcome, 'wrongPin'>; pinId: number }
  | { outcome: 'wrongPin'; lockedOut: boolean; lockedUntil: number | null };

const bit = (isoWeekday: number) => 1 << (isoWeekday - 1);
const minutesIn = (iso: string, zone: string) => {
  const t = DateTime.fromISO(iso, { zone });
  return t.hour * 60 + t.minute;
};

/** Whether a PIN may open at `now` (its dates, weekdays and daily window, in the lock's zone; a window may cross midnight). */
export function pinOpensAt(p: PinOnLock, now: number, zone: string): boolean {
  if (p.startDate && Date.parse(p.startDate) > now) return false;
  if (p.endDate && Date.parse(p.endDate) <= now) return false;
  const mask = p.weekDays ?? 127;
  if (!p.dayStartTime && !p.dayEndTime && mask === 127) return true;
  const local = DateTime.fromMillis(now, { zone });
  if (!p.dayStartTime && !p.dayEndTime) return (mask & bit(local.weekday)) !== 0;
  const start = p.dayStartTime ? minutesIn(p.dayStartTime, zone) : 0;
  const end = p.dayEndTime ? minutesIn(p.dayEndTime, zone) : 24 * 60;
  const nowMin = local.hour * 60 + local.minute;
  if (start <= end) return nowMin >= start && nowMin < end && (mask & bit(local.weekday)) !== 0;
  if (nowMin >= start) return (mask & bit(local.weekday)) !== 0;
  if (nowMin < end) return (mask & bit(local.minus({ days: 1 }).weekday)) !== 0;
  return false;
}

/** Judges one entry and moves the keypad's state. */
export function judge(
  state: KeypadState,
  pins: ReadonlyMap<number, PinOnLock>,
  entered: string,
  now: number,
  zone: string,
): KeypadVerdict {
  if (state.lockedUntil !== null && state.lockedUntil > now)
    return { outcome: 'ignored', lockedUntil: state.lockedUntil };
  const found = [...pins.entries()].find(
    ([, p]) => p.value === entered && !(p.endDate && Date.parse(p.endDate) <= now),
  );
  if (!found) {
    state.failures++;
    if (state.failures < MAX_WRONG) return { outcome: 'wrongPin', lockedOut: false, lockedUntil: null };
    const ms = Math.min(LOCKOUT_MS * 2 ** state.runs, LOCKOUT_MAX_MS);
    state.failures = 0;
    state.runs++;
    state.lockedUntil = now + ms;
    return { outcome: 'wrongPin', lockedOut: true, lockedUntil: state.lockedUntil };
  }
  const [pinId, pin] = found;
  if (!pinOpensAt(pin, now, zone)) return { outcome: 'outsideTime', pinId };
  state.failures = 0;
  state.runs = 0;
  state.lockedUntil = null;
  return { outcome: 'unlocked', pinId };
}
