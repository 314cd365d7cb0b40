import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { devices, simLocks } from '@/db/schema';
import { Conflict, Invalid } from '@/lib/domain/errors';
import { DeviceType, DoorState, LockState, type LockSettings } from '../codes';
import { hwSetting, isLockType, loadLock, lockFrom, ref, requireReachable } from './lock-row';
import { reports } from './port';
import { later } from './timers';

/**
 * The door, as the lock's door sensor sees it. Opening starts the lock's open-door alert (when its
 * settings have it on): still open `openDoorAlertThreshold` seconds later, the lock raises event
 * 86, once per opening. Closing locks an unlocked lock when `autoLockAfterDoorClosedEnabled`.
 */
export async function setDoor(db: Db, deviceId: number, open: boolean, now: Date): Promise<void> {
  const [d] = await db.select({ id: devices.id, type: devices.type, connectedToId: devices.connectedToId }).from(devices).where(eq(devices.id, deviceId));
  let lockId = deviceId;
  if (d?.type === DeviceType.doorSensor) {
    if (!d.connectedToId) throw Conflict('This door sensor is not paired with a lock.');
    lockId = d.connectedToId;
  } else if (!d || !isLockType(d.type)) throw Invalid('Open or close the door of a lock or its door sensor.');
  const [sensor] = await db.select({ id: devices.id }).from(devices).where(and(eq(devices.type, DeviceType.doorSensor), eq(devices.connectedToId, lockId)));
  if (!sensor) throw Conflict('No door sensor is paired with this lock, so it cannot tell whether the door is open.');
  const lock = await loadLock(db, lockId);
  requireReachable(lock);
  const doorState = open ? DoorState.opened : DoorState.closed;
  if (lock.doorState === doorState) return;
  await db
    .insert(simLocks)
    .values({ deviceId: lockId, doorOpenedAt: open ? now : null, doorAlerted: false })
    .onConflictDoUpdate({ target: simLocks.deviceId, set: { doorOpenedAt: open ? now : null, doorAlerted: false } });
  await reports().doorChanged(db, { device: ref(lock), doorState, at: now });
  if (open) scheduleDoorAlert(lockId, lock.hw);
  else if (lock.hw.autoLockAfterDoorClosedEnabled && lock.state === LockState.unlocked) {
    await reports().stateChanged(db, { device: ref(lock), from: LockState.unlocked, state: LockState.locked, doorState, cause: 'auto', at: now });
  }
}

/**
 * Doors open past their lock's alert threshold (alert on) that have not alerted yet: each raises
 * 86 once (the conditional update is the claim, so several processes raise it once).
 */
export async function doorAlerts(db: Db, now = new Date(), deviceId?: number): Promise<number> {
  const due = rowsOf<{ id: number; type: number }>(
    await db.execute(sql`
      update sim_locks s set door_alerted = true
      from ${lockFrom}
      where d.id = s.device_id and sl.device_id = s.device_id ${deviceId === undefined ? sql`` : sql`and s.device_id = ${deviceId}`}
        and s.door_opened_at is not null and not s.door_alerted and d.door_state = ${DoorState.opened}
        and (${hwSetting('openDoorAlertEnabled')}) = 'true'
        and s.door_opened_at + make_interval(secs => coalesce((${hwSetting('openDoorAlertThreshold')})::float8, 300)) <= ${now.toISOString()}::timestamptz
      returning d.id, d.type`),
  );
  for (const d of due) await reports().doorOpenTooLong(db, { device: d, at: now });
  return due.length;
}

function scheduleDoorAlert(lockId: number, hw: LockSettings): void {
  if (!hw.openDoorAlertEnabled) return;
  later(hw.openDoorAlertThreshold * 1000, `door alert of ${lockId}`, (db) => doorAlerts(db, new Date(), lockId));
}

/** A door sensor leaves its lock: the lock no longer knows its door (doorState 0). */
export async function unpairDoorSensor(db: Db, input: { sensorId: number; lockId: number }): Promise<void> {
  const [lock] = await db.select({ id: devices.id, type: devices.type, state: devices.state }).from(devices).where(eq(devices.id, input.lockId));
  if (!lock || !isLockType(lock.type)) return;
  await db.update(simLocks).set({ doorOpenedAt: null, doorAlerted: false }).where(eq(simLocks.deviceId, input.lockId));
  // a lock without a bridge reports no state at all
  if (lock.state !== null) await reports().doorChanged(db, { device: ref(lock), doorState: DoorState.noSensor, at: new Date() });
}
