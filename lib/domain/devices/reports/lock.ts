import { and, eq, sql } from 'drizzle-orm';
import { lockPins } from '@/db/schema';
import { rowsOf, type Db } from '@/db/client';
import {
  ActivityEvent,
  ActivitySource,
  DoorState,
  LockState,
  lockSettingsOf,
  OpResult,
} from '@/lib/shared/devices/codes';
import type { DeviceReports, StateCause } from '@/lib/devices/gateway';
import { activityInsert, recordActivity } from '../../activity/record';
import { enqueueWebhookEvent } from '../../webhooks/outbox';
import { applied, clashSafe, iso, lockStatus, webhook } from './shared';

type R<K extends keyof DeviceReports> = Parameters<DeviceReports[K]>[1];

const E = ActivityEvent;
const LOCKED = LockState.locked;

/** The entry a lock's own movement writes (none for the spring letting the latch go). */
function eventOf(cause: StateCause | 'keypad', state: number): number | null {
  switch (cause) {
    case 'button':
      return state === LOCKED ? E.lockedButton : E.unlockedButton;
    case 'knob':
      return state === LOCKED ? E.lockedKnob : E.unlockedKnob;
    case 'auto':
      return E.lockedAuto;
    case 'keypad':
      return E.unlockedPin;
    case 'spring':
    case 'unknown':
      return null;
  }
}

/**
 * A lock moved by itself or by someone at the door, in one statement: the new state (only if the
 * service's copy still shows `from`, so two processes noticing the same auto lock write it once),
 * the entry at the device, and the lock-status-changed event.
 */
async function moved(
  db: Db,
  r: R<'stateChanged'> & { alias?: string },
  cause: StateCause | 'keypad',
): Promise<boolean> {
  // a movement whose cause the bridge did not say (or a re-read) is written only when it is news
  const guard =
    r.from !== undefined
      ? sql`state = ${r.from}`
      : cause === 'unknown'
        ? sql`state is distinct from ${r.state}`
        : sql`state is not null`;
  const event = eventOf(cause, r.state);
  const happened = sql`exists (select 1 from lock)`;
  // the keypad's entry is written even at a lock without a bridge, whose state the service does not know
  const logged = cause === 'keypad' ? undefined : happened;
  const statement = sql`
    with lock as (
      update devices set state = ${r.state}, state_change_result = ${OpResult.ok}, last_state_changed_date = ${iso(r.at)}::timestamptz
      where id = ${r.device.id} and ${guard}
      returning id
    ),
    activity as (${event === null ? sql`select 1` : activityInsert({ deviceId: r.device.id, event, source: ActivitySource.device, username: r.alias, at: r.at }, logged)}),
    event as (${webhook('lock-status-changed', r.device, lockStatus({ state: r.state, doorState: r.doorState, stateChangeResult: OpResult.ok, lastStateChangedDate: r.at }), r.at, happened)})
    select ${happened} as applied`;
  return clashSafe(db, (tx) => applied(tx, statement));
}

export const stateChanged = (db: Db, r: R<'stateChanged'>) => moved(db, r, r.cause);

/**
 * The keypad: a right PIN unlocks the lock (61, the PIN's alias as the entry's name) and becomes
 * that PIN's last use (lock_pins.last_used_at, never moved back); a wrong one writes 62, and 20007
 * when it locked the keypad out; a PIN outside its time 75. At the door: no user.
 */
export async function keypadUsed(db: Db, r: R<'keypadUsed'>): Promise<void> {
  if (r.outcome === 'unlocked') {
    await moved(
      db,
      {
        device: r.device,
        state: LockState.unlocked,
        doorState: r.doorState,
        cause: 'button',
        at: r.at,
        alias: r.alias,
      },
      'keypad',
    );
    if (r.pinId !== undefined) {
      await db
        .update(lockPins)
        .set({ lastUsedAt: sql`greatest(${lockPins.lastUsedAt}, ${iso(r.at)}::timestamptz)` })
        .where(and(eq(lockPins.id, r.pinId), eq(lockPins.deviceId, r.device.id)));
    }
    return;
  }
  await clashSafe(db, async (tx) => {
    if (r.outcome === 'outsideTime') {
      await recordActivity(tx, {
        deviceId: r.device.id,
        event: E.pinOutsideTime,
        source: ActivitySource.device,
        username: r.alias,
        at: r.at,
      });
      return;
    }
    await recordActivity(tx, { deviceId: r.device.id, event: E.wrongPin, source: ActivitySource.device, at: r.at });
    if (r.lockedOut)
      await recordActivity(tx, {
        deviceId: r.device.id,
        event: E.keypadLockedOut,
        source: ActivitySource.device,
        at: r.at,
      });
  });
}

/**
 * The lock's door sensor: door opened (83) or closed (84), written to the log only while the
 * lock's `doorStateEventLoggingEnabled` is on; no sensor any more (doorState 0) writes nothing.
 * The lock-status-changed event goes out either way, once per change.
 */
export async function doorChanged(db: Db, r: R<'doorChanged'>): Promise<void> {
  await clashSafe(db, async (tx) => {
    const [lock] = rowsOf<{
      state: number | null;
      state_change_result: number | null;
      last_state_changed_date: string | Date | null;
      settings: unknown;
    }>(
      await tx.execute(sql`
        update devices set door_state = ${r.doorState}
        where id = ${r.device.id} and door_state is distinct from ${r.doorState}
        returning state, state_change_result, last_state_changed_date, settings`),
    );
    if (!lock) return;
    const logged = r.doorState === DoorState.opened || r.doorState === DoorState.closed;
    if (logged && lockSettingsOf(lock.settings).doorStateEventLoggingEnabled) {
      await recordActivity(tx, {
        deviceId: r.device.id,
        event: r.doorState === DoorState.opened ? E.doorOpened : E.doorClosed,
        source: ActivitySource.device,
        at: r.at,
      });
    }
    const changed = lock.last_state_changed_date === null ? null : new Date(lock.last_state_changed_date);
    await enqueueWebhookEvent(
      tx,
      'lock-status-changed',
      r.device,
      lockStatus({
        state: lock.state,
        doorState: r.doorState,
        stateChangeResult: lock.state_change_result,
        lastStateChangedDate: changed,
      }),
      r.at,
    );
  });
}

/** The door stayed open past the lock's alert threshold (86, at the device). */
export async function doorOpenTooLong(db: Db, r: R<'doorOpenTooLong'>): Promise<void> {
  await clashSafe(db, (tx) =>
    recordActivity(tx, { deviceId: r.device.id, event: E.doorOpenTooLong, source: ActivitySource.device, at: r.at }),
  );
}

/**
 * The lock confirmed its settings of this revision: `deviceRevision` catches up (never goes back),
 * and device-settings-changed tells subscribers the lock now works with them.
 */
export async function settingsApplied(db: Db, r: R<'settingsApplied'>): Promise<void> {
  const [row] = rowsOf<{ name: string }>(
    await db.execute(sql`
      update devices set device_revision = ${r.revision}
      where id = ${r.device.id} and device_revision < ${r.revision}
      returning name`),
  );
  if (row)
    await enqueueWebhookEvent(db, 'device-settings-changed', r.device, { name: row.name, revision: r.revision }, r.at);
}
