import { and, eq, sql } from 'drizzle-orm';
import { arrayFromDb } from '@/db/arrays';
import { rowsOf, type Db } from '@/db/client';
import { timetableRuns } from '@/db/schema';
import { logError } from '@/lib/log';
import { OperationType } from '@/lib/shared/devices/codes';
import { decideLockdown, decideTimetableUnlock } from '@/lib/shared/policy';
import { effectiveAccess } from '../access/effective';
import { slotsBetween, type TimetableRule } from '@/lib/shared/timetable';
import { periodicWorker } from '@/lib/workers';
import { startLockOperation } from '../devices/commands';
import { lockdownsOver } from '../lockdown/state';

/**
 * Sends the timetables' commands (issue 35). Each pass looks at the slots due since the last few
 * minutes (GRACE: a pass missed while no process ran is still sent if it is that recent, not
 * later), never before the timetable's last change. A slot is claimed by inserting its row
 * (timetable_runs' primary key), so with several processes each is sent by exactly one; the
 * operation carries `by_timetable`, so the activity log names the timetable. An unlock while a
 * lockdown holds over the door is held back (lib/shared/policy: decideLockdown, opener
 * 'timetable'), and so is one its setter could not make now (decideTimetableUnlock: their access
 * ended, outside their hours, no remote opening), each recorded so; locking always goes.
 */

const GRACE_MS = 10 * 60_000;

interface Row {
  device_id: number;
  rules: TimetableRule[] | string;
  exceptions: string[] | string;
  updated: string | Date;
  zone: string;
  updated_by: string | null;
}

/** One pass at `now`; returns the slots it sent (or held back). */
export async function timetablePass(db: Db, now = new Date()): Promise<number> {
  const rows = rowsOf<Row>(
    await db.execute(sql`select t.device_id, t.rules, t.exceptions, t.updated, t.updated_by, coalesce(s.time_zone, d.time_zone) as zone
      from door_timetables t join devices d on d.id = t.device_id left join sites s on s.id = d.site_id
      where t.enabled`),
  );
  let done = 0;
  for (const r of rows) {
    const rules = typeof r.rules === 'string' ? (JSON.parse(r.rules) as TimetableRule[]) : r.rules;
    const from = new Date(Math.max(now.getTime() - GRACE_MS, new Date(r.updated).getTime()));
    for (const slot of slotsBetween({ rules, exceptions: arrayFromDb(r.exceptions) }, r.zone, from, now)) {
      const [claimed] = await db
        .insert(timetableRuns)
        .values({ deviceId: r.device_id, slot: slot.key, action: slot.action, due: slot.due })
        .onConflictDoNothing()
        .returning({ slot: timetableRuns.slot });
      if (!claimed) continue;
      done++;
      const row = and(eq(timetableRuns.deviceId, r.device_id), eq(timetableRuns.slot, slot.key));
      if (slot.action === 'unlock') {
        const held = (await lockdownsOver(db, [r.device_id])).get(r.device_id);
        if (!decideLockdown(held, 'timetable').ok) {
          await db.update(timetableRuns).set({ outcome: 'lockdown' }).where(row);
          continue;
        }
        // no more than its setter may do now (lib/shared/policy: decideTimetableUnlock)
        const setter = r.updated_by
          ? (await effectiveAccess(db, r.updated_by, now, [r.device_id])).get(r.device_id)
          : undefined;
        if (!decideTimetableUnlock(setter, now).ok) {
          await db.update(timetableRuns).set({ outcome: 'noLongerAllowed' }).where(row);
          continue;
        }
      }
      try {
        const op = await startLockOperation(db, {
          deviceId: r.device_id,
          type: slot.action === 'unlock' ? OperationType.unlock : OperationType.lock,
          userId: null,
          byTimetable: true,
        });
        await db.update(timetableRuns).set({ outcome: 'sent', operationId: op.operationId }).where(row);
      } catch (e) {
        const message = e instanceof Error ? e.message.slice(0, 300) : 'The lock could not be told.';
        await db.update(timetableRuns).set({ outcome: 'failed', error: message }).where(row);
        logError(`timetable: lock ${r.device_id} missed its ${slot.action} of ${slot.key}`, new Error(message));
      }
    }
  }
  return done;
}

/** Background worker (lib/workers/registry.ts): every 15 s, so a change goes at most that late. */
export const worker = periodicWorker(
  'timetables',
  () => 15_000,
  (db) => timetablePass(db),
  { atStart: true },
);
