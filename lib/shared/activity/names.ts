import { eventInfo } from '@/lib/shared/devices/codes';

/**
 * Human words for activity events. Pure: the portal imports it too. The events and their names
 * live with the other device codes (lib/shared/devices/codes.ts); this adds who did it.
 */
export { EVENT_INFO, eventInfo, type ActivityMethod } from '@/lib/shared/devices/codes';

/** How many entries the portal's log shows per scroll step (and the server renders first). */
export const ACTIVITY_PAGE = 50;

/** The filters the portal's log keeps in its URL (with any of them set the client reads the first page itself). */
export const ACTIVITY_FILTERS = ['site', 'device', 'event', 'method', 'person', 'from', 'to'];

/** Who did it, in words: the person, the link, or nobody known ("by hand at the door"). */
export function authorText(item: { userId: number; username: string; event: number }): string {
  const { method } = eventInfo(item.event);
  if (method === 'link') return item.username ? `Access link "${item.username}"` : 'An access link';
  // an entry without a user may still carry a name: a PIN's alias at the keypad
  if (!item.userId && item.username && method === 'PIN') return `PIN "${item.username}" at the keypad`;
  if (item.username) return item.username;
  if (method === 'knob' || method === 'button') return 'By hand at the door';
  if (method === 'PIN') return 'At the keypad';
  if (method === 'sensor') return 'Door sensor';
  if (method === 'automatic' || method === 'device') return 'The device itself';
  return 'Unknown';
}
