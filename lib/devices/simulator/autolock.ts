import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { LockState, type LockSettings } from '../codes';
import { hwSetting, lockFrom, sweepTargets } from './lock-row';
import { reports } from './port';
import { later } from './timers';

/**
 * Locks with auto lock on lock themselves `autoLockDelay` seconds after they were unlocked (event
 * 36 at the device, no author), with the settings the lock itself applied. Run by the timer of
 * the process that saw the unlock and by the sweep. A lock busy with a command is left alone; the
 * sweep looks only at locks with recent commands.
 */
export async function autoLock(db: Db, now = new Date(), deviceId?: number): Promise<number> {
  const due = rowsOf<{ id: number; type: number; door_state: number | null }>(
    await db.execute(sql`
      select d.id, d.type, d.door_state from ${lockFrom}
      where d.state = ${LockState.unlocked} and ${sweepTargets(db, now, 60 * 60_000, deviceId)}
        and (${hwSetting('autoLockEnabled')}) = 'true'
        and d.last_state_changed_date + make_interval(secs => coalesce((${hwSetting('autoLockDelay')})::float8, 60)) <= ${now.toISOString()}::timestamptz
        and (d.busy_until is null or d.busy_until < ${now.toISOString()}::timestamptz)`),
  );
  let n = 0;
  for (const d of due) {
    const ok = await reports().stateChanged(db, { device: { id: d.id, type: d.type }, from: LockState.unlocked, state: LockState.locked, doorState: d.door_state, cause: 'auto', at: now });
    if (ok) n++;
  }
  return n;
}

/** After an unlock, the lock's own auto-lock timer (when its settings have auto lock on). */
export function scheduleAutoLock(deviceId: number, state: number, hw: LockSettings): void {
  if (state !== LockState.unlocked || !hw.autoLockEnabled) return;
  later(hw.autoLockDelay * 1000, `auto lock of ${deviceId}`, (db) => autoLock(db, new Date(), deviceId));
}
