import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { LockState, type LockSettings } from '../codes';
import { hwSetting, lockFrom, sweepTargets } from './lock-row';
import { reports } from './port';
import { later } from './timers';

/**
 * A pulled lock lets its latch go `pullSpringDuration` seconds later and is unlocked again. Run by
 * the accepting process's timer and by the sweep (any process), so a crash never leaves a lock
 * shown as pulled. Each return is reported once (the report applies only to a lock still pulled).
 */
export async function returnSprings(db: Db, now = new Date(), deviceId?: number): Promise<number> {
  const due = rowsOf<{ id: number; type: number; door_state: number | null }>(
    await db.execute(sql`
      select d.id, d.type, d.door_state from ${lockFrom}
      where d.state = ${LockState.pulled} and ${sweepTargets(db, now, 15 * 60_000, deviceId)}
        and d.last_state_changed_date + make_interval(secs => coalesce((${hwSetting('pullSpringDuration')})::float8, 1)) <= ${now.toISOString()}::timestamptz`),
  );
  let n = 0;
  for (const d of due) {
    const ok = await reports().stateChanged(db, { device: { id: d.id, type: d.type }, from: LockState.pulled, state: LockState.unlocked, doorState: d.door_state, cause: 'spring', at: now });
    if (ok) n++;
  }
  return n;
}

export function scheduleSpringReturn(deviceId: number, state: number, hw: LockSettings): void {
  if (state !== LockState.pulled) return;
  later(hw.pullSpringDuration * 1000, `spring return of ${deviceId}`, (db) => returnSprings(db, new Date(), deviceId));
}
