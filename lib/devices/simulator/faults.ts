import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { simDeviceFaults } from '@/db/schema';
import type { Fault } from '../gateway';

export type { Fault };
export const FAULTS: readonly Fault[] = ['timeout', 'slow', 'jam'];

/** Control plane: the next command on the device will time out / be slow / jam. */
export async function setFault(db: Db, deviceId: number, fault: Fault | null): Promise<void> {
  await db.delete(simDeviceFaults).where(eq(simDeviceFaults.deviceId, deviceId));
  if (fault) await db.insert(simDeviceFaults).values({ deviceId, fault });
}

export async function pendingFault(db: Db, deviceId: number): Promise<Fault | null> {
  const [f] = await db.select().from(simDeviceFaults).where(eq(simDeviceFaults.deviceId, deviceId));
  return (f?.fault as Fault | undefined) ?? null;
}
