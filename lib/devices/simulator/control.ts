import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { DeviceType, devices, type Device } from '@/db/schema';
import { ActivityEvent, recordActivity } from '@/lib/domain/activity/record';
import { Conflict, DeviceBusy, Invalid } from '@/lib/domain/errors';
import { enqueueWebhookEvent } from '@/lib/domain/webhooks/outbox';
import { isLockType, loadLock, requireReachable } from './lock-row';
import { LockState, lockStatus, SimEvent } from './states';

/** Events of our own for the simulator's hardware happenings (decisions.md: above 20000). */
export const ControlEvent = { connected: 20003, disconnected: 20004, batteryLow: 20005, bellPressed: 20006 } as const;
export const LOW_BATTERY = 20;

const isBusy = (d: Device, now: Date) => d.busyUntil !== null && d.busyUntil > now;

/** A bridge goes on/offline; its locks' connectivity changes with it. */
export async function setBridgeConnected(db: Db, bridge: Device, connected: boolean, now = new Date()) {
  if (bridge.type !== DeviceType.bridge) throw Invalid('Only a bridge can be connected or disconnected.');
  if (bridge.isConnected === connected) return;
  await db.transaction(async (tx) => {
    await tx.update(devices).set({ isConnected: connected, lastSeen: now }).where(eq(devices.id, bridge.id));
    await recordActivity(tx, { deviceId: bridge.id, event: connected ? ControlEvent.connected : ControlEvent.disconnected, source: 0, at: now });
    await enqueueWebhookEvent(tx, 'device-connection-changed', bridge, { isConnected: connected }, now);
    const locks = await tx.select().from(devices).where(and(eq(devices.connectedToId, bridge.id), inArray(devices.type, [DeviceType.lockPro, DeviceType.lockGo])));
    for (const l of locks) await enqueueWebhookEvent(tx, 'device-connection-changed', l, { isConnected: connected, bridgeId: bridge.id }, now);
  });
}

/** Battery report of a lock or door sensor. */
export async function setBattery(db: Db, d: Device, level: number, charging: boolean | undefined, now = new Date()) {
  if (!isLockType(d.type) && d.type !== DeviceType.doorSensor) throw Invalid('Only locks and door sensors have a battery.');
  if (isLockType(d.type)) requireReachable(await loadLock(db, d.id));
  const isCharging = isLockType(d.type) ? (charging ?? d.isCharging ?? false) : null;
  await db.transaction(async (tx) => {
    await tx.update(devices).set({ batteryLevel: level, batteryLevelModifiedTime: now, isCharging }).where(eq(devices.id, d.id));
    if (isCharging !== null && isCharging !== (d.isCharging ?? false)) {
      await recordActivity(tx, { deviceId: d.id, event: isCharging ? ActivityEvent.chargingStarted : ActivityEvent.chargingStopped, source: 0, at: now });
    }
    if (level < LOW_BATTERY && (d.batteryLevel ?? 100) >= LOW_BATTERY) await recordActivity(tx, { deviceId: d.id, event: ControlEvent.batteryLow, source: 0, at: now });
    await enqueueWebhookEvent(tx, 'device-battery-level-changed', d, { batteryLevel: level, isCharging: isCharging ?? undefined }, now);
  });
}

/** The door opens or closes: the door sensor tells its lock (doorState 2 opened, 3 closed). */
export async function setDoor(db: Db, d: Device, open: boolean, now = new Date()) {
  let lockId = d.id;
  if (d.type === DeviceType.doorSensor) {
    if (!d.connectedToId) throw Conflict('This door sensor is not paired with a lock.');
    lockId = d.connectedToId;
  } else if (!isLockType(d.type)) throw Invalid('Open or close the door of a lock or its door sensor.');
  const [sensor] = await db.select({ id: devices.id }).from(devices).where(and(eq(devices.type, DeviceType.doorSensor), eq(devices.connectedToId, lockId)));
  if (!sensor) throw Conflict('No door sensor is paired with this lock, so it cannot tell whether the door is open.');
  const lock = await loadLock(db, lockId);
  requireReachable(lock);
  const doorState = open ? 2 : 3;
  if (lock.doorState === doorState) return;
  await db.transaction(async (tx) => {
    await tx.update(devices).set({ doorState }).where(eq(devices.id, lockId));
    await recordActivity(tx, { deviceId: lockId, event: open ? ActivityEvent.doorOpened : ActivityEvent.doorClosed, source: 0, at: now });
    await enqueueWebhookEvent(tx, 'lock-status-changed', lock, lockStatus({ ...lock, doorState }), now);
  });
}

/** Someone at the door locks or unlocks with the button or the knob (source 0, no author). */
export async function pressAtDoor(db: Db, d: Device, how: 'button' | 'knob', operation: 'lock' | 'unlock', now = new Date()) {
  if (!isLockType(d.type)) throw Invalid('Only a lock has a button and a knob.');
  const lock = await loadLock(db, d.id);
  requireReachable(lock); // the cloud hears of it only through the bridge
  if (isBusy(lock, now)) throw DeviceBusy('The lock is busy with a remote command right now.');
  const s = lock.settings as { buttonLockEnabled?: boolean; buttonUnlockEnabled?: boolean };
  if (how === 'button' && (operation === 'lock' ? s.buttonLockEnabled === false : s.buttonUnlockEnabled === false)) {
    throw Conflict(`The button is set not to ${operation} this lock.`);
  }
  const state = operation === 'lock' ? LockState.locked : LockState.unlocked;
  const event = { button: { lock: ActivityEvent.lockedButton, unlock: ActivityEvent.unlockedButton }, knob: { lock: ActivityEvent.lockedKnob, unlock: ActivityEvent.unlockedKnob } }[how][operation];
  await db.transaction(async (tx) => {
    await tx.update(devices).set({ state, stateChangeResult: 0, lastStateChangedDate: now }).where(eq(devices.id, lock.id));
    await recordActivity(tx, { deviceId: lock.id, event, source: 0, at: now });
    await enqueueWebhookEvent(tx, 'lock-status-changed', lock, lockStatus({ ...lock, state, stateChangeResult: 0, lastStateChangedDate: now }), now);
  });
}

/** The bell button on the lock was pressed. */
export async function ringBell(db: Db, d: Device, now = new Date()) {
  if (!isLockType(d.type)) throw Invalid('Only a lock has a bell button.');
  requireReachable(await loadLock(db, d.id));
  await db.transaction(async (tx) => {
    await recordActivity(tx, { deviceId: d.id, event: ControlEvent.bellPressed, source: 0, at: now });
    await enqueueWebhookEvent(tx, 'bell-button-pressed', d, { pressedAt: now.toISOString() }, now);
  });
}

export { SimEvent };
