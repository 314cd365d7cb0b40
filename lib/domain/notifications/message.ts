import type { Db } from '@/db/client';
import { notificationUnsubscribe } from '@/db/schema';
import { randomToken, tokenHash } from '@/lib/crypto/secrets';
import { escapeHtml, mailLink, renderMail, type MailContent } from '@/lib/mail';
import { timeIn } from '@/lib/shared/access/schedule-text';
import { KIND_LABEL, type NotificationKind } from '@/lib/shared/notifications/kinds';

export interface DeviceFacts {
  id: number;
  name: string;
  timeZone: string;
  batteryLevel: number | null;
}

/** What happened, in words: a short headline (subject, digest line) and what to do. */
export function whatHappened(kind: NotificationKind, d: DeviceFacts, at: Date): { headline: string; detail: string } {
  const when = timeIn(at, d.timeZone);
  switch (kind) {
    case 'jammed':
      return {
        headline: `${d.name} is jammed`,
        detail: `${d.name} jammed at ${when}: the bolt could not finish turning. Check the door and the bolt, then lock or unlock it again.`,
      };
    case 'batteryLow': {
      const level = d.batteryLevel === null ? '' : ` (${d.batteryLevel}%)`;
      return {
        headline: `${d.name}: battery low${level}`,
        detail: `The battery of ${d.name} was low${level} at ${when}. Charge or replace it soon, before the lock stops working.`,
      };
    }
    case 'bridgeOffline':
      return {
        headline: `${d.name} is offline`,
        detail: `${d.name} has been offline since ${when}. Its locks cannot be opened from afar until it is back: check its power and Wi-Fi.`,
      };
    case 'doorOpenTooLong':
      return {
        headline: `${d.name}: door open too long`,
        detail: `The door of ${d.name} was left open too long at ${when}.`,
      };
    case 'keypadLockedOut':
      return {
        headline: `${d.name}: keypad locked out`,
        detail: `The keypad of ${d.name} locked itself at ${when} after five wrong PINs in a row. If that was not someone you know, check who tried.`,
      };
  }
}

/** "Front door, Back door and Office": names as a sentence lists them. */
export const listWords = (names: string[]) =>
  new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(names);

/**
 * Doors behind a bridge that stayed offline, told to someone who manages the doors but not the
 * bridge (its name is not theirs to see): what they cannot do now and what still works.
 */
export function doorsCannotOpen(
  locks: Array<{ name: string; timeZone: string }>,
  since: Date,
): { headline: string; detail: string } {
  const names = listWords(locks.map((l) => l.name));
  const one = locks.length === 1;
  return {
    headline: `${one ? names : `${locks.length} doors`} cannot be opened from afar`,
    detail: `${names} cannot be opened from afar since ${timeIn(since, locks[0].timeZone)}: the bridge ${one ? 'it is' : 'they are'} reached through is offline. ${one ? 'It still opens' : 'They still open'} at the door (keypad, button, a phone nearby); whoever looks after the bridge has been told.`,
  };
}

/** A one-click unsubscribe link for (person, kind); the token is kept hashed. */
export async function unsubscribeLink(tx: Db, userId: string, kind: NotificationKind, now: Date): Promise<string> {
  const token = randomToken(32);
  await tx.insert(notificationUnsubscribe).values({ tokenHash: tokenHash(token), userId, kind, created: now });
  return mailLink('/notifications/unsubscribe', { token });
}

/** renderMail with the unsubscribe link in both parts (a real link in the HTML, not escaped text). */
export function renderNotification(
  c: MailContent,
  unsubscribe: { url: string; what: string },
): { text: string; html: string } {
  const body = renderMail(c);
  const text = `${body.text}\n\nStop these mails (${unsubscribe.what}), one click:\n${unsubscribe.url}`;
  const link = `<p style="margin:8px 0 0;font-size:12px;color:#64748b"><a href="${escapeHtml(unsubscribe.url)}" style="color:#334155">Stop these mails (${escapeHtml(unsubscribe.what)})</a></p>`;
  const html = body.html.replace(/<\/div><\/body><\/html>$/, `${link}\n</div></body></html>`);
  return { text, html };
}

export const kindWords = (k: NotificationKind) => KIND_LABEL[k].toLowerCase();
