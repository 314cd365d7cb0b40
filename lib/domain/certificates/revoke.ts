import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { deviceCertificates, devices, lockdownSuspensions } from '@/db/schema';

export interface RevokeFilter {
  deviceId?: number;
  userId?: string;
  mobileId?: number;
  keyId?: string;
  ids?: number[];
}

/**
 * Revokes the live certificates matching the filter (all given fields must match) and raises
 * the revoked-list version of every device whose list changed, so phones fetch it again.
 * Run it in the transaction that ends the access or deletes the mobile.
 * Returns how many certificates were revoked.
 */
export async function revokeCertificates(db: Db, f: RevokeFilter, now: Date = new Date()): Promise<number> {
  const conds: SQL[] = [];
  if (f.deviceId !== undefined) conds.push(eq(deviceCertificates.deviceId, f.deviceId));
  if (f.userId !== undefined) conds.push(eq(deviceCertificates.userId, f.userId));
  if (f.mobileId !== undefined) conds.push(eq(deviceCertificates.mobileId, f.mobileId));
  if (f.keyId !== undefined) conds.push(eq(deviceCertificates.keyId, f.keyId));
  if (f.ids !== undefined) conds.push(inArray(deviceCertificates.id, f.ids.length ? f.ids : [-1]));
  if (conds.length === 0) throw new Error('revokeCertificates needs a deviceId, userId, mobileId, keyId or ids');
  // one a lockdown holds revoked is revoked for this reason now too: lifting it will not bring it back
  await db.delete(lockdownSuspensions).where(
    and(
      eq(lockdownSuspensions.kind, 'certificate'),
      inArray(
        lockdownSuspensions.ref,
        db
          .select({ id: deviceCertificates.id })
          .from(deviceCertificates)
          .where(and(...conds, isNotNull(deviceCertificates.revokedAt))),
      ),
    ),
  );
  const revoked = await db
    .update(deviceCertificates)
    .set({ revokedAt: now })
    .where(and(isNull(deviceCertificates.revokedAt), ...conds))
    .returning({ deviceId: deviceCertificates.deviceId });
  const deviceIds = [...new Set(revoked.map((r) => r.deviceId))];
  if (deviceIds.length) {
    await db
      .update(devices)
      .set({ certListVersion: sql`${devices.certListVersion} + 1`, certListUpdated: now })
      .where(inArray(devices.id, deviceIds));
  }
  return revoked.length;
}
