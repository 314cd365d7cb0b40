import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { simDeviceFaults } from './tables';
import type { Fault } from '../gateway';

export type { Fault };

/** Control plane: the next opening of the gate times out or is slow. */
export async function setFault(db: Db, deviceId: number, fault: Fault | null): Promise<void> {
  await db.delete(simDeviceFaults).where(eq(simDeviceFaults.deviceId, deviceId));
  if (fault) await db.insert(simDeviceFaults).values({ deviceId, fault });
}

export async function pendingFault(db: Db, deviceId: number): Promise<Fault | null> {
  const [f] = await db.select().from(simDeviceFaults).where(eq(simDeviceFaults.deviceId, deviceId));
  return (f?.fault as Fault | undefined) ?? null;
}
