import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { tableRow } from '@/db/raw-rows';
import { deviceOperations, devices, type Device } from '@/db/schema';
import { DeviceUnreachable, NotFound } from '@/lib/domain/errors';
import { isLockType, LOCK_TYPES, lockSettingsOf, type LockSettings } from '../codes';

const deviceRow = tableRow(devices);

/**
 * A lock as the simulated hardware sees it: what its device row last recorded of it (state,
 * door, bridge: the simulator reads the service's copy of what the lock reported, and changes it
 * only by reporting), plus the settings the lock itself applied (`hw`).
 */
export type LockRow = Device & { bridgeConnected: boolean | null; hw: LockSettings };

export { isLockType };

/**
 * The select list and joins of a lock row for `lockRowOf`: the device `d` with its bridge's link
 * and the simulator's own memory of the lock (`sim_locks`: the settings it applied; a lock it
 * never configured still runs with those it was added with).
 */
export const lockColumns = sql.raw('d.*, b.is_connected as bridge_connected, coalesce(sl.settings, d.settings) as hw_settings');
export const lockFrom = sql.raw('(devices d left join devices b on b.id = d.connected_to_id left join sim_locks sl on sl.device_id = d.id)');

/** A lock with its bridge's connectivity (a lock is reachable only through a connected bridge). */
export async function loadLock(db: Db, deviceId: number): Promise<LockRow> {
  const [raw] = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${lockColumns} from ${lockFrom} where d.id = ${deviceId}`));
  return lockRowOf(raw);
}

/** A lock row read as the driver gives it (`lockColumns`, see db/raw-rows.ts); 404 when it is missing or not a lock. */
export function lockRowOf(raw: Record<string, unknown> | undefined): LockRow {
  if (!raw) throw NotFound('Lock');
  const d = deviceRow(raw);
  if (!isLockType(d.type)) throw NotFound('Lock');
  const hw = lockSettingsOf(typeof raw.hw_settings === 'string' ? JSON.parse(raw.hw_settings) : raw.hw_settings);
  return Object.assign(d, { bridgeConnected: raw.bridge_connected as boolean | null, hw });
}

export function reachable(l: LockRow): boolean {
  return l.connectedToId !== null && l.bridgeConnected === true;
}

export function requireReachable(l: LockRow): void {
  if (l.connectedToId === null) throw DeviceUnreachable('The lock is not paired with a bridge, so it cannot be reached remotely.');
  if (l.bridgeConnected !== true) throw DeviceUnreachable('The lock is disconnected: its bridge is offline.');
}

/** The device a report is about. */
export const ref = (d: { id: number; type: number }) => ({ id: d.id, type: d.type });

/** The settings a lock applied, as SQL over `lockFrom` (for the timed sweeps). */
export const hwSetting = (key: keyof LockSettings) => sql.raw(`coalesce(sl.settings, d.settings)->>'${key}'`);

/**
 * Which locks a timed sweep (auto lock, spring return) looks at: the one lock a process's timer
 * names, or else only locks with a command finished in the last `withinMs` (index on status,
 * complete_at), never the whole device table. Locks only, either way. Over `lockFrom`'s `d`.
 */
export function sweepTargets(db: Db, now: Date, withinMs: number, deviceId?: number): SQL {
  const which =
    deviceId === undefined
      ? sql`d.id in (${db
          .select({ id: deviceOperations.deviceId })
          .from(deviceOperations)
          .where(and(eq(deviceOperations.status, 'COMPLETED'), gt(deviceOperations.completeAt, new Date(now.getTime() - withinMs))))})`
      : sql`d.id = ${deviceId}`;
  return sql`d.type in (${sql.join(LOCK_TYPES.map((t) => sql`${t}`), sql`, `)}) and ${which}`;
}
