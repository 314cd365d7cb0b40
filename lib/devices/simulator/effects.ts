import { LockState, OperationType, OpResult, UnlockMode, type LockSettings } from '../codes';

/** A command the simulated lock is finishing, as it was given. */
export interface SettledOp {
  type: number;
  mode: number | null;
  fromState: number | null;
}

/**
 * Where the lock ends up (pure hardware behaviour): a lock command locks; an unlock pulls the
 * latch too when auto pull spring is on (except mode 3), mode 4 pulls a lock that was already
 * unlocked, and a pull without the spring enabled just unlocks. Jammed: semi-locked. No answer or
 * failed: where it was.
 */
export function outcomeState(op: SettledOp, hw: LockSettings, result: number): number {
  if (result === OpResult.jammed) return LockState.semiLocked;
  if (result !== OpResult.ok) return op.fromState ?? LockState.unknown;
  if (op.type === OperationType.lock) return LockState.locked;
  const wantsPull =
    op.type === OperationType.pull ||
    (op.mode === UnlockMode.pullIfUnlocked && op.fromState === LockState.unlocked) ||
    (op.type === OperationType.unlock && op.mode !== UnlockMode.withoutPull && hw.autoPullSpringEnabled);
  return wantsPull && hw.pullSpringEnabled ? LockState.pulled : LockState.unlocked;
}

/** The state a lock passes through while it works on a command. */
export const TRANSITIONAL: Record<number, number> = {
  [OperationType.lock]: LockState.locking,
  [OperationType.unlock]: LockState.unlocking,
  [OperationType.pull]: LockState.pulling,
};
