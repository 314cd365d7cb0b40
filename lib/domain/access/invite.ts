import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { deviceAccess, devices, organizations, users } from '@/db/schema';
import { normalizeEmail } from '@/lib/auth/email';
import {
  consumeEmailToken,
  issueEmailToken,
  peekEmailToken,
  refusalMessage,
  revokeEmailTokens,
} from '@/lib/auth/email-tokens';
import { tokenRefused } from '../signup/refusal';
import type { BaseCtx, Ctx } from '../context';
import { Conflict, DomainError, Forbidden } from '../errors';
import { deviceInvitationMail, deviceSharedNotice } from '../signup/mails';
import { findAccess } from './change';
import { requireManager } from './grant';
import { requireDelegable } from './delegation';
import { accessPower } from '../policy';
import { spend } from '../ratelimit';
import { isUniqueViolation } from '@/db/errors';

/** Resends of one device invitation. */
const RESEND_LIMIT = { max: 3, windowSeconds: 600 };

/**
 * Device invitations (docs/security.md, "Invitations"). A share to an address without a verified
 * account is a pending access plus a mail holding a single-use token; the pending access becomes
 * the access of a verified account of that very address that follows the token, and of nobody
 * else: registering the address is not enough. It gives nothing after `pendingExpiresAt`
 * (INVITATION_TTL_DAYS); the owner can resend it (a new token, the old one dead) or withdraw it
 * (delete the access).
 */

const NIL = '00000000-0000-0000-0000-000000000000';

/** The device's name and its organization's name (the mail's subject names the organization). */
async function deviceNames(tx: Db, deviceId: number) {
  const [d] = await tx
    .select({ name: devices.name, organizationName: organizations.name })
    .from(devices)
    .leftJoin(organizations, eq(organizations.id, devices.organizationId))
    .where(eq(devices.id, deviceId))
    .limit(1);
  return d ?? { name: `device ${deviceId}`, organizationName: null };
}

/** Issues the invitation of a pending access (ending any former one) and queues its mail, in `tx`. */
export async function sendDeviceInvitation(
  tx: Db,
  a: { accessId: string; deviceId: number; email: string },
  inviter: string,
  now: Date,
): Promise<Date> {
  await revokeEmailTokens(tx, 'device-invite', { ref: a.accessId }, now);
  const { token, expiresAt } = await issueEmailToken(tx, {
    purpose: 'device-invite',
    email: a.email,
    ref: a.accessId,
    payload: { deviceId: a.deviceId, inviter },
    now,
  });
  await tx.update(deviceAccess).set({ pendingExpiresAt: expiresAt }).where(eq(deviceAccess.id, a.accessId));
  const d = await deviceNames(tx, a.deviceId);
  await deviceInvitationMail(tx, {
    to: a.email,
    inviter,
    deviceName: d.name,
    organizationName: d.organizationName,
    token,
    now,
  });
  return expiresAt;
}

/** A share to someone with a verified account: a notice mail, in `tx`. */
export async function sendShareNotice(
  tx: Db,
  to: { email: string; displayName: string },
  deviceId: number,
  inviter: string,
  now: Date,
): Promise<void> {
  const d = await deviceNames(tx, deviceId);
  await deviceSharedNotice(tx, {
    to: to.email,
    name: to.displayName,
    inviter,
    deviceName: d.name,
    deviceId,
    organizationName: d.organizationName,
    now,
  });
}

/** POST /my/device/{deviceId}/access/{accessId}/resend: a new invitation mail for a pending access. */
export async function resendDeviceInvitation(
  ctx: Ctx,
  deviceId: number,
  accessId: string,
): Promise<{ id: string; userEmail: string; expiresAt: string }> {
  await requireManager(ctx, deviceId, 'invite people to it');
  const a = await findAccess(ctx, deviceId, accessId);
  if (!a.pendingEmail)
    throw Conflict('This access is not an invitation waiting to be accepted: there is nothing to resend.');
  // the mail carries the invitation's token: sent again only by someone who could give this access now
  await requireDelegable(ctx, [{ deviceId, power: accessPower(a) }], 'send this invitation again');
  const now = ctx.now();
  // each resend mails someone: 3 per invitation in 10 minutes (the same budget in every server process)
  await spend(
    ctx.db,
    `device-invite-resend:${a.id}`,
    RESEND_LIMIT,
    now,
    'This invitation was sent again a moment ago; wait a few minutes before sending it once more.',
  );
  const expiresAt = await ctx.db.transaction((tx) =>
    sendDeviceInvitation(tx, { accessId: a.id, deviceId, email: a.pendingEmail! }, ctx.caller.displayName, now),
  );
  return { id: a.id, userEmail: a.pendingEmail, expiresAt: expiresAt.toISOString() };
}

export interface InvitationView {
  email: string;
  deviceName: string;
  organizationName: string | null;
  inviter: string;
  expiresAt: string;
}

/** What an invitation link is for, without using it (the page that asks to accept). */
export async function describeDeviceInvitation(
  ctx: BaseCtx,
  token: string,
): Promise<{ ok: true; invitation: InvitationView } | { ok: false; message: string }> {
  const now = ctx.now();
  const r = await peekEmailToken(ctx.db, 'device-invite', token, now);
  if (!r.ok) return { ok: false, message: refusalMessage(r.reason, 'invitation') };
  const [a] = await ctx.db
    .select({ deviceId: deviceAccess.deviceId, expires: deviceAccess.pendingExpiresAt })
    .from(deviceAccess)
    .where(and(eq(deviceAccess.id, r.token.ref ?? NIL), isNotNull(deviceAccess.pendingEmail)))
    .limit(1);
  if (!a) return { ok: false, message: 'This invitation was withdrawn or already accepted.' };
  const d = await deviceNames(ctx.db, a.deviceId);
  const inviter = typeof r.token.payload?.inviter === 'string' ? r.token.payload.inviter : 'Someone';
  return {
    ok: true,
    invitation: {
      email: r.token.email,
      deviceName: d.name,
      organizationName: d.organizationName,
      inviter,
      expiresAt: r.token.expiresAt.toISOString(),
    },
  };
}

/**
 * POST /account/invitation/accept: the signed-in person takes the invitation of the token. Only
 * a verified account of the address the invitation was sent to, only once, only before it
 * expires; the pending access becomes theirs in the same transaction that uses the token.
 */
export async function acceptDeviceInvitation(ctx: Ctx, token: string): Promise<{ deviceId: number; accessId: string }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, 'device-invite', token, now);
    if (!used.ok) throw tokenRefused(used.reason, 'invitation');
    const t = used.token;
    const [me] = await tx
      .select({ email: users.email, verified: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, ctx.caller.userId))
      .limit(1);
    // refused before anything changes: the transaction (and the token's use) is rolled back
    if (!me?.verified) throw Forbidden('Confirm your e-mail address before accepting an invitation.');
    if (normalizeEmail(me.email) !== t.email)
      throw Forbidden(`This invitation was sent to ${t.email}. Sign in with the account of that address to accept it.`);
    const ref = t.ref ?? NIL;
    const [pending] = await tx
      .select({ id: deviceAccess.id, deviceId: deviceAccess.deviceId })
      .from(deviceAccess)
      .where(
        and(
          eq(deviceAccess.id, ref),
          isNotNull(deviceAccess.pendingEmail),
          gt(deviceAccess.pendingExpiresAt, now),
          sql`lower(${deviceAccess.pendingEmail}) = ${t.email}`,
        ),
      )
      .limit(1)
      .for('update');
    if (!pending)
      throw new DomainError(
        'gone',
        'This invitation was withdrawn, or it has expired. Ask the person who invited you to send it again.',
      );
    try {
      await tx.transaction(async (sp) => {
        await sp
          .update(deviceAccess)
          .set({ userId: ctx.caller.userId, pendingEmail: null, pendingExpiresAt: null })
          .where(eq(deviceAccess.id, pending.id));
      });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      // the person already has an access to this device: that one stays, the invitation goes
      await tx.delete(deviceAccess).where(eq(deviceAccess.id, pending.id));
      const [mine] = await tx
        .select({ id: deviceAccess.id })
        .from(deviceAccess)
        .where(and(eq(deviceAccess.deviceId, pending.deviceId), eq(deviceAccess.userId, ctx.caller.userId)))
        .limit(1);
      return { deviceId: pending.deviceId, accessId: mine.id };
    }
    return { deviceId: pending.deviceId, accessId: pending.id };
  });
}
