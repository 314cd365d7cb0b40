import type { Device } from '@/db/schema';

/** Lock states and results of decisions.md. */
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

export const StateChangeResult = { ok: 0, jammed: 1, timedOut: 2, failed: 3 } as const;

/** Operation results: 0 success, 1 jammed, 2 timed out, 3 failed otherwise. */
export const OpResult = StateChangeResult;

export const OpType = { lock: 0, unlock: 1, pull: 2 } as const;

/** Events of our own (decisions.md allows values above 20000). */
export const SimEvent = {
  /** a remote command got no answer from the lock */
  remoteCommandTimedOut: 20001,
  /** a remote command failed otherwise */
  remoteCommandFailed: 20002,
} as const;

export const transitional: Record<number, number> = {
  [OpType.lock]: LockState.locking,
  [OpType.unlock]: LockState.unlocking,
  [OpType.pull]: LockState.pulling,
};

export const isFinalState = (s: number | null) => s !== null && s !== LockState.unlocking && s !== LockState.locking && s !== LockState.pulling;

/** The changed fields a lock-status-changed event carries. */
export function lockStatus(d: Pick<Device, 'state' | 'doorState' | 'stateChangeResult' | 'lastStateChangedDate'>) {
  return {
    state: d.state,
    doorState: d.doorState,
    stateChangeResult: d.stateChangeResult,
    lastStateChangedDate: d.lastStateChangedDate?.toISOString() ?? null,
  };
}
