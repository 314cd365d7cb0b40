import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { openedDb, type Db } from '@/db/client';
import { devices } from '@/db/schema';
import { ActivityEvent, recordActivity } from '@/lib/domain/activity/record';
import { enqueueWebhookEvent } from '@/lib/domain/webhooks/outbox';
import { sweepTargets } from './lock-row';
import { LockState, lockStatus } from './states';
import { logError } from '@/lib/log';

/** autoLockDelay in seconds, when auto lock is on; null otherwise. */
export function autoLockSeconds(settings: unknown): number | null {
  const s = settings as { autoLockEnabled?: boolean; autoLockDelay?: unknown } | null;
  if (s?.autoLockEnabled !== true) return null;
  const v = Number(s.autoLockDelay ?? 60);
  return Number.isFinite(v) && v >= 0 ? v : 60;
}

/**
 * Locks with auto lock on lock themselves autoLockDelay seconds after they were unlocked
 * (event 36, at the device, no author). Run by the unlocking process's timer and by the worker.
 * A lock busy with a command is left alone; the sweep looks only at locks with recent commands.
 */
export async function autoLock(db: Db, now = new Date(), deviceId?: number): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(devices)
      .set({ state: LockState.locked, stateChangeResult: 0, lastStateChangedDate: now })
      .where(
        and(
          eq(devices.state, LockState.unlocked),
          sweepTargets(db, now, 60 * 60_000, deviceId),
          sql`(${devices.settings}->>'autoLockEnabled') = 'true'`,
          sql`${devices.lastStateChangedDate} + make_interval(secs => coalesce((${devices.settings}->>'autoLockDelay')::float8, 60)) <= ${now.toISOString()}::timestamptz`,
          or(isNull(devices.busyUntil), lt(devices.busyUntil, now)),
        ),
      )
      .returning();
    for (const d of rows) {
      await recordActivity(tx, { deviceId: d.id, event: ActivityEvent.lockedAuto, source: 0, at: now });
      await enqueueWebhookEvent(tx, 'lock-status-changed', d, lockStatus(d), now);
    }
    return rows.length;
  });
}

export function scheduleAutoLock(deviceId: number, state: number, settings: unknown): void {
  const secs = autoLockSeconds(settings);
  if (state !== LockState.unlocked || secs === null) return;
  const t = setTimeout(() => {
    const db = openedDb();
    if (!db) return; // closed at shutdown: the reaper of a running process finishes it
    autoLock(db, new Date(), deviceId).catch((e) => logError(`auto lock of ${deviceId} failed`, e));
  }, secs * 1000 + 5);
  t.unref?.();
}
