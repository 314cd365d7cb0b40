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

/** A door in a share mail: its name and the person's hours there, in words at the door. */
export interface MailDoor {
  name: string;
  hours: string;
}

/** "Front door", "Front door and Garage", "Front door, Back door and Garage" */
export function doorNames(doors: readonly { name: string }[]): string {
  const n = doors.map((d) => d.name);
  return n.length < 2 ? (n[0] ?? '') : `${n.slice(0, -1).join(', ')} and ${n[n.length - 1]}`;
}

const doorLines = (doors: readonly MailDoor[]) => doors.map((d) => `${d.name}: ${d.hours}`);

/**
 * Doors shared with an address that has no verified account: one mail for every door of one share
 * (each with its hours), one link that accepts them all.
 */
export function deviceInvitationMail(
  tx: Db,
  m: { to: string; inviter: string; doors: MailDoor[]; organizationName: string | null; token: string; now: Date },
) {
  const names = doorNames(m.doors);
  const one = m.doors.length === 1 ? m.doors[0] : null;
  const body = renderMail({
    greeting: 'Hello,',
    paragraphs: one
      ? [`${m.inviter} invited you to open "${one.name}" with Smart-lock cloud.`, `When you may open it: ${one.hours}.`]
      : [`${m.inviter} invited you to open these doors with Smart-lock cloud:`],
    list: one ? undefined : doorLines(m.doors),
    action: { label: 'Accept the invitation', url: mailLink('/invitation', { token: m.token }) },
    after: [
      'Accept with the link above. If you have no account yet, you can create one on the way, with this e-mail address.',
      `The invitation is for this e-mail address only and works for ${invitationTtlDays()} days.`,
    ],
    footer:
      'You get this mail because someone shared a door with this e-mail address. If you do not know them, ignore it.',
  });
  return enqueueMail(
    tx,
    {
      to: m.to,
      subject: `${m.inviter} invited you to open ${names}`,
      organizationName: m.organizationName,
      kind: 'device-invite',
      ...body,
    },
    m.now,
  );
}

/** Doors shared with someone who has an account: one notice per share, nothing to accept. */
export function deviceSharedNotice(
  tx: Db,
  m: {
    to: string;
    name: string;
    inviter: string;
    doors: (MailDoor & { deviceId: number })[];
    organizationName: string | null;
    now: Date;
  },
) {
  const names = doorNames(m.doors);
  const one = m.doors.length === 1 ? m.doors[0] : null;
  const body = renderMail({
    greeting: `Hello ${m.name},`,
    paragraphs: [
      one
        ? `${m.inviter} gave you access to "${one.name}". It is in your list of devices now. When you may open it: ${one.hours}.`
        : `${m.inviter} gave you access to these doors. They are in your list of devices now:`,
    ],
    list: one ? undefined : doorLines(m.doors),
    action: one
      ? { label: 'Open my devices', url: mailLink(`/devices/${one.deviceId}`) }
      : { label: 'Open my doors', url: mailLink('/home') },
    footer: 'You get this mail because someone shared a door with your account.',
  });
  return enqueueMail(
    tx,
    {
      to: m.to,
      subject: `${m.inviter} shared ${names} with you`,
      organizationName: m.organizationName,
      kind: 'notice',
      ...body,
    },
    m.now,
  );
}
