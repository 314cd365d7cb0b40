import { getSimulatorControl } from '@/lib/devices';
import { ActivityEvent } from '@/lib/shared/devices/codes';
import type { Ctx } from '../context';
import { lockAddress } from '../devices/hardware';
import { NotFound } from '../errors';
import { requireDevice } from '../policy/enforce';
import { pruneExpired } from './expiry';
import { lockHead } from './store';

export interface KeypadResult {
  /** the activity written: 61 unlocked with a PIN, 62 wrong PIN, 75 outside its allowed time; null when the keypad ignored the entry (locked out) */
  event: number | null;
  unlocked: boolean;
  /** set while the keypad ignores entries after too many wrong PINs */
  lockedOutUntil: string | null;
}

const EVENT = {
  unlocked: ActivityEvent.unlockedPin,
  wrongPin: ActivityEvent.wrongPin,
  outsideTime: ActivityEvent.pinOutsideTime,
  ignored: null,
} as const;

/**
 * Simulator control plane: someone types `entered` on the lock's keypad. Driving the simulated
 * hardware is for the lock's owner and active administrators (lib/shared/policy: driveSimulator).
 *
 * The keypad is the lock's (lib/devices/virtual-bridge/keypad.ts): it judges the entry against the
 * PINs the service wrote to it, with their schedules, in its own time zone; five wrong PINs in a
 * row lock it out for 60 s, doubling with each further run, and while locked out it ignores every
 * entry, the right PIN too. A right PIN unlocks the lock. The lock reports each entry through its
 * bridge (x-keypad-used): entries are made at the door (source 0, no user; a known PIN's alias is
 * the entry's username). The service's list drops expired PINs first, as the lock does.
 */
export async function enterPinAtKeypad(ctx: Ctx, deviceId: number, entered: string): Promise<KeypadResult> {
  const sim = getSimulatorControl();
  if (!sim) throw NotFound('Simulator control');
  await requireDevice(ctx, deviceId, 'driveSimulator', { kind: 'Lock', doing: 'use the simulator on it' });
  const head = await lockHead(ctx.db, deviceId);
  const now = ctx.now();
  if (head.nextExpiry && head.nextExpiry <= now) await pruneExpired(ctx.db, now, deviceId);
  const v = await sim.keypad(await lockAddress(ctx.db, deviceId), entered);
  return { event: EVENT[v.outcome], unlocked: v.unlocked, lockedOutUntil: v.lockedOutUntil };
}
