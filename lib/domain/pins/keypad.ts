import { eq } from 'drizzle-orm';
import { keypadStates } from '@/db/schema';
import { getSimulatorControl } from '@/lib/devices';
import { ActivityEvent } from '@/lib/devices/codes';
import type { Ctx } from '../context';
import { NotFound } from '../errors';
import { afterWrongPin, decideKeypad, type KeypadState } from '../policy';
import { requireDevice } from '../policy/enforce';
import { pruneExpired } from './expiry';
import { findByValue, lockHead } from './store';

export interface KeypadResult {
  /** the activity written: 61 unlocked with a PIN, 62 wrong PIN, 75 outside its allowed time; null when the keypad ignored the entry (locked out) */
  event: number | null;
  unlocked: boolean;
  /** set while the keypad ignores entries after too many wrong PINs */
  lockedOutUntil: string | null;
}

/**
 * Simulator control plane: someone types `entered` on the lock's keypad. Driving the simulated
 * hardware is for the lock's owner and active administrators (lib/domain/policy: driveSimulator).
 * The keypad itself behaves as the policy's device rule says: a PIN is found by its keyed hash
 * (values are never decrypted to compare) and judged at this instant in the lock's own zone; five
 * wrong PINs in a row lock the keypad out for 60 s, doubling with each further run, and while it is
 * locked out it ignores every entry, the right PIN too. Its state is a database row, locked for
 * the entry, so every server process sees the same keypad.
 *
 * The verdict goes to the simulated keypad (lib/devices' control plane), which acts on it and
 * reports like hardware: entries are made at the door (source 0, no user; a known PIN's alias is
 * the entry's username, so the log says which PIN opened the door), and a right PIN unlocks the
 * lock directly (the keypad talks to the lock, not through the bridge). An expired PIN is pruned
 * first, so it counts as wrong. The verdict is reported in the transaction of the keypad's row.
 */
export async function enterPinAtKeypad(ctx: Ctx, deviceId: number, entered: string): Promise<KeypadResult> {
  const sim = getSimulatorControl();
  if (!sim) throw NotFound('Simulator control');
  await requireDevice(ctx, deviceId, 'driveSimulator', { kind: 'Lock', doing: 'use the simulator on it' });
  const head = await lockHead(ctx.db, deviceId);
  const now = ctx.now();
  if (head.nextExpiry && head.nextExpiry <= now) await pruneExpired(ctx.db, now, deviceId);
  const pin = await findByValue(ctx.db, deviceId, entered);
  return ctx.db.transaction(async (tx) => {
    await tx.insert(keypadStates).values({ deviceId }).onConflictDoNothing();
    const [state] = await tx.select().from(keypadStates).where(eq(keypadStates.deviceId, deviceId)).for('update');
    const d = decideKeypad(state, pin, now, head.timeZone);
    const result = (event: number | null, unlocked: boolean, s: KeypadState = state): KeypadResult => ({ event, unlocked, lockedOutUntil: s.lockedUntil && s.lockedUntil > now ? s.lockedUntil.toISOString() : null });
    if (!d.ok && d.reason === 'lockedOut') return result(null, false);
    if (!d.ok && d.reason === 'wrongPin') {
      const next = afterWrongPin(state, now);
      await tx.update(keypadStates).set({ failures: next.failures, runs: next.runs, lockedUntil: next.lockedUntil }).where(eq(keypadStates.deviceId, deviceId));
      await sim.keypad(tx, deviceId, { outcome: 'wrongPin', lockedOut: next.lockedOut }, now);
      return result(ActivityEvent.wrongPin, false, next);
    }
    if (!d.ok) {
      await sim.keypad(tx, deviceId, { outcome: 'outsideTime', alias: pin!.alias }, now);
      return result(ActivityEvent.pinOutsideTime, false);
    }
    await tx.update(keypadStates).set({ failures: 0, runs: 0, lockedUntil: null }).where(eq(keypadStates.deviceId, deviceId));
    await sim.keypad(tx, deviceId, { outcome: 'unlocked', pinId: pin!.id, alias: pin!.alias }, now);
    return result(ActivityEvent.unlockedPin, true, { failures: 0, runs: 0, lockedUntil: null });
  });
}

