import { and, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';
import { DeviceType, deviceOperations, devices, type Device } from '@/db/schema';
import { DeviceUnreachable, NotFound } from '@/lib/domain/errors';

const bridge = alias(devices, 'bridge');

export type LockRow = Device & { bridgeConnected: boolean | null };

export const isLockType = (t: number) => t === DeviceType.lockPro || t === DeviceType.lockGo;

/** A lock with its bridge's connectivity (a lock is reachable only through a connected bridge). */
export async function loadLock(db: Db, deviceId: number): Promise<LockRow> {
  const [row] = await db
    .select({ d: devices, bridgeConnected: bridge.isConnected })
    .from(devices)
    .leftJoin(bridge, eq(bridge.id, devices.connectedToId))
    .where(eq(devices.id, deviceId));
  if (!row || !isLockType(row.d.type)) throw NotFound('Lock');
  return { ...row.d, bridgeConnected: row.bridgeConnected };
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
