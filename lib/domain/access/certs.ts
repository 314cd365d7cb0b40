import type { Db } from '@/db/client';
import { revokeCertificates } from '../certificates/revoke';
import { effectiveAccess } from './effective';

/** Users who no longer have any access to the device lose its certificates. */
export async function revokeCertificatesOfLeavers(db: Db, deviceId: number, userIds: string[], now: Date): Promise<void> {
  for (const userId of new Set(userIds)) {
    const still = (await effectiveAccess(db, userId, now, [deviceId])).get(deviceId);
    if (!still) await revokeCertificates(db, { deviceId, userId }, now);
  }
}
