import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/db/client';
import { deviceOperations } from '@/db/schema';
import type { BackgroundWorker } from '@/lib/workers';
import { autoLock } from './simulator/autolock';
import { staleMs } from './simulator/config';
import { settle } from './simulator/operations';
import { returnSprings } from './simulator/spring';
import { logError } from '@/lib/log';

/**
 * Finishes what a dead process left behind: operations still PENDING well after their planned
 * end complete as timed out, pulled locks return to unlocked, auto lock happens. Safe in several processes:
 * each settle is a conditional UPDATE that only one of them wins.
 */
export async function reap(db: Db, now = new Date(), onlyDevices?: number[]): Promise<number> {
  const due = await db
    .select({ id: deviceOperations.id })
    .from(deviceOperations)
    .where(
      and(
        eq(deviceOperations.status, 'PENDING'),
        lt(deviceOperations.completeAt, new Date(now.getTime() - staleMs())),
        // tests limit a sweep to their own devices (the database may be shared)
        onlyDevices ? inArray(deviceOperations.deviceId, onlyDevices) : sql`true`,
      ),
    )
    .limit(200);
  let n = 0;
  for (const op of due) if (await settle(db, op.id, now)) n++;
  if (!onlyDevices) {
    await returnSprings(db, now);
    await autoLock(db, now);
  }
  return n;
}

export const worker: BackgroundWorker = {
  name: 'device-operation-reaper',
  start: () => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      getDb()
        .then((db) => reap(db))
        .catch((e) => logError('operation reaper failed', e))
        .finally(() => (running = false));
    }, Number(process.env.SIM_REAPER_MS ?? 2000));
    timer.unref?.();
    return () => clearInterval(timer);
  },
};
