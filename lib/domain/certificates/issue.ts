import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { deviceCertificates, devices } from '@/db/schema';
import type { Ctx } from '../context';
import { fmtMicroZ, fmtZ } from '../format';
import { certificateUntil } from '@/lib/shared/policy';
import { requireDevice } from '../policy/enforce';
import { signJson } from './keys';
import { requireMobile, type MobileRef } from './mobiles';
import { getGateway } from '@/lib/devices';
import { CERT_LIFETIME_MS, reconcileCertificates } from './reconcile';

/** a certificate with less than this left is replaced by a fresh one (unless its window ends sooner anyway) */
const RENEW_MS = 86_400_000;

/**
 * GET /my/devicecertificate/getformobile: a certificate, signed by the service, that lets the
 * caller's phone talk to the device directly. Issued only while the caller's access is active
 * (lib/shared/policy: holdCertificate); it ends with today's window of the access (or its run of
 * allowed days), its end date, or after 30 days, whichever comes first, and carries the
 * access's schedule so the lock can judge it offline. Revoked when the access shrinks or ends,
 * the phone is deleted, or the key it was obtained with is revoked.
 */
export async function certificateForMobile(ctx: Ctx, input: { mobileId: MobileRef; deviceId: number }) {
  const mobile = await requireMobile(ctx, input.mobileId);
  const access = await requireDevice(ctx, input.deviceId, 'holdCertificate');
  const now = ctx.now();
  const until = certificateUntil(access, now, CERT_LIFETIME_MS)!;
  // one issued under a wider access than today's is not handed out again, nor left valid
  await reconcileCertificates(ctx.db, { userIds: [ctx.caller.userId], deviceIds: [input.deviceId] }, now);
  const [live] = await ctx.db
    .select()
    .from(deviceCertificates)
    .where(
      and(
        eq(deviceCertificates.mobileId, mobile.id),
        eq(deviceCertificates.deviceId, input.deviceId),
        eq(deviceCertificates.accessLevel, access.accessLevel),
        isNull(deviceCertificates.revokedAt),
        gt(deviceCertificates.expirationDate, now),
      ),
    )
    .orderBy(desc(deviceCertificates.id))
    .limit(1);
  const reusable =
    live &&
    live.expirationDate <= until &&
    (live.expirationDate.getTime() > now.getTime() + RENEW_MS || live.expirationDate.getTime() === until.getTime());
  const cert = reusable
    ? live
    : (
        await ctx.db
          .insert(deviceCertificates)
          .values({
            deviceId: input.deviceId,
            userId: ctx.caller.userId,
            mobileId: mobile.id,
            issuedAt: now,
            expirationDate: until,
            accessLevel: access.accessLevel,
            keyId: ctx.caller.keyId ?? null,
          })
          .returning()
      )[0];
  const body = {
    certificateId: cert.id,
    deviceId: cert.deviceId,
    mobileId: mobile.publicId,
    userId: ctx.caller.userNumId,
    accessLevel: cert.accessLevel,
    mobilePublicKey: mobile.publicKey,
    issuedAt: fmtZ(cert.issuedAt),
    expirationDate: fmtMicroZ(cert.expirationDate),
    // the schedule the lock applies offline, in its own zone (null: no such restriction)
    timeZone: access.timeZone,
    weekDays: access.weekDays,
    dayStartTime: fmtZ(access.dayStartTime),
    dayEndTime: fmtZ(access.dayEndTime),
    remoteAccessDisabled: access.remoteAccessDisabled,
  };
  const signed = { ...body, signature: await signJson(ctx.db, body) };
  // Tedee's certificate for mobile: the certificate as one string, the device's key beside it
  return {
    certificate: Buffer.from(JSON.stringify(signed)).toString('base64'),
    devicePublicKey: await devicePublicKey(ctx, input.deviceId),
    ...signed,
  };
}

/** The device's own key as its hardware tells it (null when it does not). */
async function devicePublicKey(ctx: Ctx, deviceId: number): Promise<string | null> {
  const publicKeyOf = getGateway().publicKeyOf;
  if (!publicKeyOf) return null;
  const [d] = await ctx.db.select({ serialNumber: devices.serialNumber }).from(devices).where(eq(devices.id, deviceId));
  return d ? publicKeyOf({ serialNumber: d.serialNumber }) : null;
}
