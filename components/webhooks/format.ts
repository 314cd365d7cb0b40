import { EVENT_LABELS, TEST_EVENT, type WebhookEvent } from '@/lib/shared/webhooks/events';

/** Times on the webhooks page, in the viewer's own zone (webhooks are not tied to one door). */
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export const fmtTime = (iso: string) => DATE_TIME.format(new Date(iso));

export function eventLabel(event: string): string {
  if (event === TEST_EVENT) return 'Test event';
  return EVENT_LABELS[event as WebhookEvent] ?? event;
}

/** Client-side URL check, the same rules the server applies before it resolves the host. */
export function urlError(raw: string): string | null {
  const v = raw.trim();
  if (!v) return 'Enter the URL that should receive the events.';
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return 'Enter a full URL, starting with https://';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'The URL must start with https:// (or http://).';
  if (u.username || u.password) return 'Leave the user name and password out of the URL.';
  if (v.length > 2048) return 'The URL is too long (at most 2048 characters).';
  return null;
}
