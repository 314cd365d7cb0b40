import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { tableRow } from '@/db/raw-rows';
import { DeviceType, deviceOperations, devices, type Device } from '@/db/schema';
import { DeviceUnreachable, NotFound } from '@/lib/domain/errors';

const deviceRow = tableRow(devices);

export type LockRow = Device & { bridgeConnected: boolean | null };

export const isLockType = (t: number) => t === DeviceType.lockPro || t === DeviceType.lockGo;

/**
 * The select list and joins of a lock row for `lockRowOf`: the device `d` with its bridge's link,
 * for statements that read the lock along with other things (`from <x> join ${lockFrom} ...`).
 */
export const lockColumns = sql.raw('d.*, b.is_connected as bridge_connected');
export const lockFrom = sql.raw('(devices d left join devices b on b.id = d.connected_to_id)');

/** A lock with its bridge's connectivity (a lock is reachable only through a connected bridge). */
export async function loadLock(db: Db, deviceId: number): Promise<LockRow> {
  const [raw] = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${lockColumns} from ${lockFrom} where d.id = ${deviceId}`));
  return lockRowOf(raw);
}

/**
 * A lock row read as the driver gives it (`lockColumns`, see db/raw-rows.ts); 404 when it is
 * missing or not a lock.
 */
export function lockRowOf(raw: Record<string, unknown> | undefined): LockRow {
  if (!raw) throw NotFound('Lock');
  const d = deviceRow(raw);
  if (!isLockType(d.type)) throw NotFound('Lock');
  return Object.assign(d, { bridgeConnected: raw.bridge_connected as boolean | null });
}

export function reachable(l: LockRow): boolean {
  return l.connectedToId !== null && l.bridgeConnected === true;
}

export function requireReachable(l: LockRow): void {
  if (l.connectedToId === null) throw DeviceUnreachable('The lock is not paired with a bridge, so it cannot be reached remotely.');
  if (l.bridgeConnected !== true) throw DeviceUnreachable('The lock is disconnected: its bridge is offline.');
}

/**
 * Which locks a timed sweep (auto lock, spring return) looks at: the one lock a process's timer
 * names, or else only locks with a command finished in the last `withinMs` (index on status,
 * complete_at), never the whole device table. Locks only, either way.
 */
export function sweepTargets(db: Db, now: Date, withinMs: number, deviceId?: number): SQL {
  const which =
    deviceId === undefined
      ? inArray(
          devices.id,
          db
            .select({ id: deviceOperations.deviceId })
            .from(deviceOperations)
            .where(and(eq(deviceOperations.status, 'COMPLETED'), gt(deviceOperations.completeAt, new Date(now.getTime() - withinMs)))),
        )
      : eq(devices.id, deviceId);
  return and(inArray(devices.type, [DeviceType.lockPro, DeviceType.lockGo]), which)!;
}
