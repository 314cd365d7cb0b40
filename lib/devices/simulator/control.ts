import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { devices } from '@/db/schema';
import { Conflict, DeviceBusy, Invalid, NotFound } from '@/lib/domain/errors';
import { DeviceType, LockState } from '../codes';
import type { SimulatorControl } from '../gateway';
import { scheduleAutoLock } from './autolock';
import { isLockType, loadLock, ref, requireReachable } from './lock-row';
import { reports } from './port';

/**
 * The control plane's happenings at a device: the simulated hardware acts and reports through the
 * port, as a real one would. Authorization is the caller's (lib/domain/devices/sim-control.ts).
 */

async function device(db: Db, id: number) {
  const [d] = await db.select().from(devices).where(eq(devices.id, id));
  if (!d) throw NotFound('Device');
  return d;
}

const isBusy = (d: { busyUntil: Date | null }, now: Date) => d.busyUntil !== null && d.busyUntil > now;

/** A bridge goes on/offline; its locks' connectivity changes with it. */
export const connectBridge: SimulatorControl['connectBridge'] = async (db, bridgeId, connected, now) => {
  const bridge = await device(db, bridgeId);
  if (bridge.type !== DeviceType.bridge) throw Invalid('Only a bridge can be connected or disconnected.');
  if (bridge.isConnected === connected) return;
  await reports().connectionChanged(db, { bridge: ref(bridge), connected, at: now });
};

/** Battery report of a lock (through its bridge) or a door sensor. */
export const battery: SimulatorControl['battery'] = async (db, deviceId, level, charging, now) => {
  const d = await device(db, deviceId);
  if (!isLockType(d.type) && d.type !== DeviceType.doorSensor) throw Invalid('Only locks and door sensors have a battery.');
  if (isLockType(d.type)) requireReachable(await loadLock(db, d.id));
  const isCharging = isLockType(d.type) ? (charging ?? d.isCharging ?? false) : null;
  await reports().batteryChanged(db, { device: ref(d), level, charging: isCharging, at: now });
};

/** Someone at the door locks or unlocks with the button or the knob (source 0, no author). */
export const press: SimulatorControl['press'] = async (db, deviceId, how, operation, now) => {
  const d = await device(db, deviceId);
  if (!isLockType(d.type)) throw Invalid('Only a lock has a button and a knob.');
  const lock = await loadLock(db, d.id);
  requireReachable(lock); // the cloud hears of it only through the bridge
  if (isBusy(lock, now)) throw DeviceBusy('The lock is busy with a remote command right now.');
  if (how === 'button' && !(operation === 'lock' ? lock.hw.buttonLockEnabled : lock.hw.buttonUnlockEnabled)) {
    throw Conflict(`The button is set not to ${operation} this lock.`);
  }
  const state = operation === 'lock' ? LockState.locked : LockState.unlocked;
  await reports().stateChanged(db, { device: ref(lock), state, doorState: lock.doorState, cause: how, at: now });
  scheduleAutoLock(lock.id, state, lock.hw);
};

/** The bell button on the lock was pressed. */
export const bell: SimulatorControl['bell'] = async (db, deviceId, now) => {
  const d = await device(db, deviceId);
  if (!isLockType(d.type)) throw Invalid('Only a lock has a bell button.');
  requireReachable(await loadLock(db, d.id));
  await reports().bellPressed(db, { device: ref(d), at: now });
};

/**
 * The keypad acts on its verdict: a right PIN unlocks the lock directly (the keypad talks to the
 * lock, not through the bridge), which then counts down to its auto lock; every entry is reported.
 */
export const keypad: SimulatorControl['keypad'] = async (db, deviceId, verdict, now) => {
  const lock = await loadLock(db, deviceId);
  await reports().keypadUsed(db, { device: ref(lock), ...verdict, doorState: lock.doorState, at: now });
  if (verdict.outcome === 'unlocked' && lock.state !== null) scheduleAutoLock(lock.id, LockState.unlocked, lock.hw);
};
