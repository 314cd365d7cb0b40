import { and, eq, sql } from 'drizzle-orm';
import { openedDb, type Db } from '@/db/client';
import { devices } from '@/db/schema';
import { enqueueWebhookEvent } from '@/lib/domain/webhooks/outbox';
import { sweepTargets } from './lock-row';
import { LockState, lockStatus } from './states';
import { logError } from '@/lib/log';

/** pullSpringDuration is in seconds (the lock holds the latch that long). */
export function springSeconds(settings: unknown): number {
  const v = Number((settings as { pullSpringDuration?: unknown } | null)?.pullSpringDuration ?? 1);
  return Number.isFinite(v) && v >= 0 ? v : 1;
}

/**
 * A pulled lock whose spring time has passed returns to unlocked. Run by the accepting process's
 * timer and by the worker (any process), so a crash never leaves a lock shown as pulled.
 */
export async function returnSprings(db: Db, now = new Date(), deviceId?: number): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(devices)
      .set({ state: LockState.unlocked, lastStateChangedDate: now })
      .where(
        and(
          eq(devices.state, LockState.pulled),
          sweepTargets(db, now, 15 * 60_000, deviceId),
          sql`${devices.lastStateChangedDate} + make_interval(secs => coalesce((${devices.settings}->>'pullSpringDuration')::float8, 1)) <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning();
    for (const d of rows) await enqueueWebhookEvent(tx, 'lock-status-changed', d, lockStatus(d), now);
    return rows.length;
  });
}

export function scheduleSpringReturn(deviceId: number, state: number, seconds: number): void {
  if (state !== LockState.pulled) return;
  const t = setTimeout(() => {
    const db = openedDb();
    if (!db) return; // closed at shutdown: the reaper of a running process finishes it
    returnSprings(db, new Date(), deviceId).catch((e) => logError(`spring return of ${deviceId} failed`, e));
  }, seconds * 1000 + 5);
  t.unref?.();
}
