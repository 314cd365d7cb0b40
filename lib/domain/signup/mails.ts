import type { Db } from '@/db/client';
import { invitationTtlDays } from '@/lib/auth/email-tokens';
import { enqueueMail, mailLink, renderMail } from '@/lib/mail';

/**
 * The account mails: what each says, in one place. Each is queued in the caller's transaction;
 * links carry a token only where one is needed, and say how long they work.
 */

const FOOTER_SIGNUP =
  'You get this mail because someone entered this address on the sign-up page of Smart-lock cloud. If it was not you, ignore it: nothing happens without the link.';

/** Sign-up of a new address: the link that proves it. */
export function verifyMail(tx: Db, to: string, name: string, token: string, now: Date) {
  const body = renderMail({
    greeting: `Hello ${name},`,
    paragraphs: ['Please confirm that this is your e-mail address to finish creating your Smart-lock cloud account.'],
    action: { label: 'Confirm my e-mail address', url: mailLink('/verify-email', { token }) },
    after: ['The link works once, for 24 hours. Until then the account cannot be used.'],
    footer: FOOTER_SIGNUP,
  });
  return enqueueMail(tx, { to, subject: 'Confirm your e-mail address', kind: 'verify', ...body }, now);
}

/** Sign-up of an address that already has a verified account: say so, change nothing. */
export function alreadyRegisteredMail(tx: Db, to: string, now: Date) {
  const body = renderMail({
    greeting: 'Hello,',
    paragraphs: [
      'Someone tried to create a Smart-lock cloud account with this e-mail address, but you already have one. Nothing was changed.',
      'Sign in with your password. If you have forgotten it, you can set a new one from the sign-in page.',
    ],
    action: { label: 'Sign in', url: mailLink('/sign-in') },
    after: [`Forgot your password? ${mailLink('/forgot-password')}`],
    footer: FOOTER_SIGNUP,
  });
  return enqueueMail(tx, { to, subject: 'You already have an account', kind: 'already-registered', ...body }, now);
}

/**
 * Sign-up of an address whose account was never confirmed: the new sign-up changes nothing (it
 * might be someone else's), and the mailbox's owner gets a link to choose the password, which also
 * confirms the address. Whoever created the account first without the mailbox gets nothing.
 */
export function unfinishedAccountMail(tx: Db, to: string, token: string, now: Date) {
  const body = renderMail({
    greeting: 'Hello,',
    paragraphs: [
      'Someone tried to create a Smart-lock cloud account with this e-mail address. An account with it was started before but never confirmed, so nothing was changed.',
      'If it is yours, choose a password now: that confirms your address and lets you sign in.',
    ],
    action: { label: 'Choose a password', url: mailLink('/reset-password', { token }) },
    after: ['The link works once, for 1 hour.'],
    footer: FOOTER_SIGNUP,
  });
  return enqueueMail(tx, { to, subject: 'Finish setting up your account', kind: 'reset', ...body }, now);
}

/** "Forgot password": the link to choose a new one. */
export function resetMail(tx: Db, to: string, name: string, token: string, now: Date) {
  const body = renderMail({
    greeting: `Hello ${name},`,
    paragraphs: [
      'Someone asked to reset the password of your Smart-lock cloud account. Choose a new password with the link below.',
    ],
    action: { label: 'Choose a new password', url: mailLink('/reset-password', { token }) },
    after: [
      'The link works once, for 1 hour. Setting a new password signs you out everywhere.',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
    footer: 'You get this mail because this address was entered on the "Forgot password" page.',
  });
  return enqueueMail(tx, { to, subject: 'Reset your password', kind: 'reset', ...body }, now);
}

/** A device shared with an address: the invitation that only its mailbox can take. */
export function deviceInvitationMail(
  tx: Db,
  m: { to: string; inviter: string; deviceName: string; organizationName: string | null; token: string; now: Date },
) {
  const body = renderMail({
    greeting: 'Hello,',
    paragraphs: [
      `${m.inviter} invited you to open "${m.deviceName}" with Smart-lock cloud.`,
      'Accept the invitation with the link below. If you have no account yet, you can create one on the way, with this e-mail address.',
    ],
    action: { label: 'Accept the invitation', url: mailLink('/invitation', { token: m.token }) },
    after: [`The invitation is for this e-mail address only and works for ${invitationTtlDays()} days.`],
    footer:
      'You get this mail because someone shared a door with this e-mail address. If you do not know them, ignore it.',
  });
  return enqueueMail(
    tx,
    {
      to: m.to,
      subject: `${m.inviter} invited you to open ${m.deviceName}`,
      organizationName: m.organizationName,
      kind: 'device-invite',
      ...body,
    },
    m.now,
  );
}

/** A device shared with someone who has an account: a notice, nothing to accept. */
export function deviceSharedNotice(
  tx: Db,
  m: {
    to: string;
    name: string;
    inviter: string;
    deviceName: string;
    deviceId: number;
    organizationName: string | null;
    now: Date;
  },
) {
  const body = renderMail({
    greeting: `Hello ${m.name},`,
    paragraphs: [`${m.inviter} gave you access to "${m.deviceName}". It is in your list of devices now.`],
    action: { label: 'Open my devices', url: mailLink(`/devices/${m.deviceId}`) },
    footer: 'You get this mail because someone shared a door with your account.',
  });
  return enqueueMail(
    tx,
    {
      to: m.to,
      subject: `${m.inviter} shared ${m.deviceName} with you`,
      organizationName: m.organizationName,
      kind: 'notice',
      ...body,
    },
    m.now,
  );
}
