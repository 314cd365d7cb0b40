import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { simDeviceFaults } from '@/db/schema';

export type Fault = 'timeout' | 'slow' | 'jam';
export const FAULTS: readonly Fault[] = ['timeout', 'slow', 'jam'];

/** Control plane: the next command on the device will time out / be slow / jam. */
export async function setFault(db: Db, deviceId: number, fault: Fault | null): Promise<void> {
  await db.delete(simDeviceFaults).where(eq(simDeviceFaults.deviceId, deviceId));
  if (fault) await db.insert(simDeviceFaults).values({ deviceId, fault });
}
