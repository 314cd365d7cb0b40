import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { simDeviceFaults } from '@/db/schema';

export type Fault = 'timeout' | 'slow' | 'jam';
export const FAULTS: readonly Fault[] = ['timeout', 'slow', 'jam'];

/** Takes the device's pending fault (one-shot) if it is one of `kinds`; deleting it is the claim. */
export async function consumeFault(db: Db, deviceId: number, kinds: readonly Fault[] = FAULTS): Promise<Fault | null> {
  const rows = await db
    .delete(simDeviceFaults)
    .where(and(eq(simDeviceFaults.deviceId, deviceId), inArray(simDeviceFaults.fault, [...kinds])))
    .returning({ fault: simDeviceFaults.fault });
  return (rows[0]?.fault as Fault | undefined) ?? null;
}

/** Control plane: the next command on the device will time out / be slow / jam. */
export async function setFault(db: Db, deviceId: number, fault: Fault | null): Promise<void> {
  await db.delete(simDeviceFaults).where(eq(simDeviceFaults.deviceId, deviceId));
  if (fault) await db.insert(simDeviceFaults).values({ deviceId, fault });
}
