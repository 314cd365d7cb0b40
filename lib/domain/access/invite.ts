import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { deviceAccess, devices, organizations, users, type DeviceAccess } from '@/db/schema';
import { normalizeEmail } from '@/lib/auth/email';
import {
  consumeEmailToken,
  issueEmailToken,
  peekEmailToken,
  refusalMessage,
  type EmailToken,
} from '@/lib/auth/email-tokens';
import { tokenRefused } from '../signup/refusal';
import type { BaseCtx, Ctx, ShareMailBatch } from '../context';
import { Conflict, DomainError, Forbidden } from '../errors';
import { deviceInvitationMail, deviceSharedNotice, doorNames, type MailDoor } from '../signup/mails';
import { findAccess } from './change';
import { requireManager } from './grant';
import { requireDelegable } from './delegation';
import { accessPower } from '@/lib/shared/policy';
import { remoteWords, scheduleText } from '@/lib/shared/audit/words';
import { accessFacts } from './facts';
import { coveredAccessIds, dropFromInvitations } from './invitation-tokens';
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

/** A door of a share mail: the access, its device, the door's zone and the organization's name. */
async function sharedDoors(tx: Db, accessIds: string[]) {
  if (!accessIds.length) return [];
  const rows = await tx
    .select({
      access: deviceAccess,
      name: devices.name,
      timeZone: devices.timeZone,
      organizationName: organizations.name,
    })
    .from(deviceAccess)
    .innerJoin(devices, eq(devices.id, deviceAccess.deviceId))
    .leftJoin(organizations, eq(organizations.id, devices.organizationId))
    .where(inArray(deviceAccess.id, accessIds))
    .orderBy(devices.name, devices.id);
  return rows.map((r) => ({
    accessId: r.access.id,
    deviceId: r.access.deviceId,
    name: r.name,
    hours: hoursWords(r.access, r.timeZone),
    organizationName: r.organizationName,
  }));
}

/**
 * The access's hours in the audit log's words, in the door's zone ("Mon–Fri 08:00–17:00
 * Europe/Warsaw", "any time"), and "opening only at the door" when remote opening is off.
 */
function hoursWords(a: DeviceAccess, zone: string): string {
  // the facts as the audit log stores them (dates as ISO text)
  const facts = JSON.parse(JSON.stringify(accessFacts(a))) as Record<string, unknown>;
  return `${scheduleText(facts, zone)}${a.remoteAccessDisabled ? `, ${remoteWords(true)}` : ''}`;
}

/**
 * Issues one invitation for pending accesses of one address (one door, or the doors of one share
 * step) and queues its one mail, in `tx`. A former link for any of them stops giving it.
 */
export async function sendDeviceInvitation(
  tx: Db,
  a: { accessIds: string[]; email: string },
  inviter: string,
  now: Date,
): Promise<Date> {
  await dropFromInvitations(tx, a.accessIds, a.email, now);
  const { token, expiresAt } = await issueEmailToken(tx, {
    purpose: 'device-invite',
    email: a.email,
    ref: a.accessIds[0],
    payload: { inviter, accessIds: a.accessIds },
    now,
  });
  await tx.update(deviceAccess).set({ pendingExpiresAt: expiresAt }).where(inArray(deviceAccess.id, a.accessIds));
  const doors = await sharedDoors(tx, a.accessIds);
  await deviceInvitationMail(tx, {
    to: a.email,
    inviter,
    doors,
    organizationName: doors[0]?.organizationName ?? null,
    token,
    now,
  });
  return expiresAt;
}

/** Accesses given to someone with a verified account: one notice mail, in `tx`. */
export async function sendShareNotice(
  tx: Db,
  to: { email: string; displayName: string },
  accessIds: string[],
  inviter: string,
  now: Date,
): Promise<void> {
  const doors = await sharedDoors(tx, accessIds);
  if (!doors.length) return;
  await deviceSharedNotice(tx, {
    to: to.email,
    name: to.displayName,
    inviter,
    doors,
    organizationName: doors[0].organizationName,
    now,
  });
}

/**
 * The mails of one share: sent now, or collected when the caller shares several doors in one step
 * (ctx.shareMail, sent by `sendShareMail` once the step succeeded).
 */
export async function shareMail(
  tx: Db,
  ctx: Ctx,
  m:
    | { invitation: { accessId: string; email: string } }
    | { notice: { accessId: string; to: { email: string; displayName: string } } },
  now: Date,
): Promise<void> {
  const batch = ctx.shareMail;
  if ('invitation' in m) {
    if (batch) batch.invitations.push(m.invitation);
    else
      await sendDeviceInvitation(
        tx,
        { accessIds: [m.invitation.accessId], email: m.invitation.email },
        ctx.caller.displayName,
        now,
      );
  } else if (batch) batch.notices.push(m.notice);
  else await sendShareNotice(tx, m.notice.to, [m.notice.accessId], ctx.caller.displayName, now);
}

/** Sends what a share step collected: one invitation per address, one notice per person. */
export async function sendShareMail(tx: Db, ctx: Ctx, batch: ShareMailBatch, now: Date): Promise<void> {
  const by = <T, K>(items: T[], key: (t: T) => K) => {
    const m = new Map<K, T[]>();
    for (const i of items) m.set(key(i), [...(m.get(key(i)) ?? []), i]);
    return [...m.values()];
  };
  for (const inv of by(batch.invitations, (i) => i.email))
    await sendDeviceInvitation(
      tx,
      { accessIds: inv.map((i) => i.accessId), email: inv[0].email },
      ctx.caller.displayName,
      now,
    );
  for (const n of by(batch.notices, (i) => i.to.email))
    await sendShareNotice(
      tx,
      n[0].to,
      n.map((i) => i.accessId),
      ctx.caller.displayName,
      now,
    );
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
    sendDeviceInvitation(tx, { accessIds: [a.id], email: a.pendingEmail! }, ctx.caller.displayName, now),
  );
  return { id: a.id, userEmail: a.pendingEmail, expiresAt: expiresAt.toISOString() };
}

export interface InvitationView {
  email: string;
  /** the doors' names in words: "Front door", "Front door, Back door and Garage" */
  deviceName: string;
  /** every door the invitation still gives, with the person's hours there */
  doors: MailDoor[];
  organizationName: string | null;
  inviter: string;
  expiresAt: string;
}

/** The accesses a token still gives: pending, for its address (withdrawn or accepted ones are left out). */
const stillPending = (t: EmailToken) =>
  and(
    inArray(deviceAccess.id, coveredAccessIds(t).length ? coveredAccessIds(t) : [NIL]),
    isNotNull(deviceAccess.pendingEmail),
    sql`lower(${deviceAccess.pendingEmail}) = ${t.email}`,
  );

/** What an invitation link is for, without using it (the page that asks to accept). */
export async function describeDeviceInvitation(
  ctx: BaseCtx,
  token: string,
): Promise<{ ok: true; invitation: InvitationView } | { ok: false; message: string }> {
  const now = ctx.now();
  const r = await peekEmailToken(ctx.db, 'device-invite', token, now);
  if (!r.ok) return { ok: false, message: refusalMessage(r.reason, 'invitation') };
  const ids = (await ctx.db.select({ id: deviceAccess.id }).from(deviceAccess).where(stillPending(r.token))).map(
    (a) => a.id,
  );
  const doors = await sharedDoors(ctx.db, ids);
  if (!doors.length) return { ok: false, message: 'This invitation was withdrawn or already accepted.' };
  const inviter = typeof r.token.payload?.inviter === 'string' ? r.token.payload.inviter : 'Someone';
  return {
    ok: true,
    invitation: {
      email: r.token.email,
      deviceName: doorNames(doors),
      doors: doors.map((d) => ({ name: d.name, hours: d.hours })),
      organizationName: doors[0].organizationName,
      inviter,
      expiresAt: r.token.expiresAt.toISOString(),
    },
  };
}

export interface InvitationAcceptance {
  /** the first door (by name) the invitation gave, and the access to it */
  deviceId: number;
  accessId: string;
  /** every door it gave (an invitation may cover the doors of one share step) */
  accepted: { deviceId: number; accessId: string }[];
}

/**
 * POST /account/invitation/accept: the signed-in person takes the invitation of the token. Only
 * a verified account of the address the invitation was sent to, only once, only before it
 * expires; every pending access it covers becomes theirs in the same transaction that uses the token.
 */
export async function acceptDeviceInvitation(ctx: Ctx, token: string): Promise<InvitationAcceptance> {
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
    const pending = await tx
      .select({ id: deviceAccess.id, deviceId: deviceAccess.deviceId })
      .from(deviceAccess)
      .innerJoin(devices, eq(devices.id, deviceAccess.deviceId))
      .where(and(stillPending(t), gt(deviceAccess.pendingExpiresAt, now)))
      .orderBy(devices.name, devices.id)
      .for('update', { of: deviceAccess });
    if (!pending.length)
      throw new DomainError(
        'gone',
        'This invitation was withdrawn, or it has expired. Ask the person who invited you to send it again.',
      );
    const accepted: InvitationAcceptance['accepted'] = [];
    for (const p of pending) {
      try {
        await tx.transaction(async (sp) => {
          await sp
            .update(deviceAccess)
            .set({ userId: ctx.caller.userId, pendingEmail: null, pendingExpiresAt: null })
            .where(eq(deviceAccess.id, p.id));
        });
        accepted.push({ deviceId: p.deviceId, accessId: p.id });
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        // the person already has an access to this device: that one stays, the invitation goes
        await tx.delete(deviceAccess).where(eq(deviceAccess.id, p.id));
        const [mine] = await tx
          .select({ id: deviceAccess.id })
          .from(deviceAccess)
          .where(and(eq(deviceAccess.deviceId, p.deviceId), eq(deviceAccess.userId, ctx.caller.userId)))
          .limit(1);
        accepted.push({ deviceId: p.deviceId, accessId: mine.id });
      }
    }
    return { ...accepted[0], accepted };
  });
}
