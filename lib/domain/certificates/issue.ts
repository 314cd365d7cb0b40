import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { deviceCertificates } from '@/db/schema';
import { requireDeviceAccess } from '../access/effective';
import type { Ctx } from '../context';
import { fmtMicroZ, fmtZ } from '../format';
import { signJson } from './keys';
import { requireMobile } from './mobiles';

const LIFETIME_MS = 30 * 86_400_000;
/** a certificate with less than this left is replaced by a fresh one */
const RENEW_MS = 86_400_000;

/**
 * GET /my/devicecertificate/getformobile: a certificate, signed by the service, that lets the
 * caller's phone talk to the device directly. It lives 30 days at most and never past the end
 * of the caller's access; it is revoked when that access ends or the phone is deleted.
 */
export async function certificateForMobile(ctx: Ctx, input: { mobileId: number; deviceId: number }) {
  const mobile = await requireMobile(ctx, input.mobileId);
  const access = await requireDeviceAccess(ctx, input.deviceId);
  const now = ctx.now();
  const [live] = await ctx.db
    .select()
    .from(deviceCertificates)
    .where(and(eq(deviceCertificates.mobileId, mobile.id), eq(deviceCertificates.deviceId, input.deviceId), isNull(deviceCertificates.revokedAt), gt(deviceCertificates.expirationDate, new Date(now.getTime() + RENEW_MS))))
    .orderBy(desc(deviceCertificates.id))
    .limit(1);
  const cert =
    live ??
    (
      await ctx.db
        .insert(deviceCertificates)
        .values({
          deviceId: input.deviceId,
          userId: ctx.caller.userId,
          mobileId: mobile.id,
          issuedAt: now,
          expirationDate: new Date(Math.min(now.getTime() + LIFETIME_MS, access.endDate?.getTime() ?? Infinity)),
        })
        .returning()
    )[0];
  const body = {
    certificateId: cert.id,
    deviceId: cert.deviceId,
    mobileId: mobile.id,
    userId: ctx.caller.userNumId,
    accessLevel: access.accessLevel,
    mobilePublicKey: mobile.publicKey,
    issuedAt: fmtZ(cert.issuedAt),
    expirationDate: fmtMicroZ(cert.expirationDate),
  };
  return { ...body, signature: await signJson(ctx.db, body) };
}
