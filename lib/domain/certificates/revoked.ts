import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { deviceCertificates, devices } from '@/db/schema';
import type { Ctx } from '../context';
import { fmtMicroZ } from '../format';
import { requireDevice } from '../policy/enforce';
import { signJson } from './keys';

/**
 * GET /my/devicecertificate/getrevokedformobile: the device's revoked (not yet expired)
 * certificates, signed by the service; null (204) when the phone's version is current.
 */
export async function revokedForMobile(ctx: Ctx, input: { deviceId: number; version: number }) {
  await requireDevice(ctx, input.deviceId, 'see');
  const [d] = await ctx.db
    .select({ version: devices.certListVersion, updated: devices.certListUpdated })
    .from(devices)
    .where(eq(devices.id, input.deviceId));
  if (d.version === input.version) return null;
  const rows = await ctx.db
    .select({ id: deviceCertificates.id, exp: deviceCertificates.expirationDate })
    .from(deviceCertificates)
    .where(
      and(
        eq(deviceCertificates.deviceId, input.deviceId),
        isNotNull(deviceCertificates.revokedAt),
        gt(deviceCertificates.expirationDate, ctx.now()),
      ),
    )
    .orderBy(asc(deviceCertificates.id));
  const body = {
    deviceId: input.deviceId,
    version: d.version,
    lastUpdated: Math.floor(d.updated.getTime() / 1000),
    revokedCertificates: rows.map((r) => ({ certificateId: r.id, expirationDate: fmtMicroZ(r.exp) })),
  };
  // the signature covers the other fields, in this order, as compact JSON
  return { ...body, signature: await signJson(ctx.db, body) };
}
