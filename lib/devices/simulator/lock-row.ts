import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';
import { DeviceType, devices, type Device } from '@/db/schema';
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
