/**
 * How far a moment is from now, in the portal's words: "just now", "in a moment", "5 minutes ago",
 * "in 3 hours", "yesterday", "2 months ago", "in 3 years". The one wording of relative time (keys,
 * apps, members, webhooks, devices); a moment's date and hour are written where it is shown, in
 * the zone that applies there.
 */
const REL = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

export function relative(iso: string, now = Date.now()): string {
  const s = (new Date(iso).getTime() - now) / 1000;
  const abs = Math.abs(s);
  if (abs < 60) return s < 0 ? 'just now' : 'in a moment';
  if (abs < 3600) return REL.format(Math.round(s / 60), 'minute');
  if (abs < 86_400) return REL.format(Math.round(s / 3600), 'hour');
  if (abs < 86_400 * 60) return REL.format(Math.round(s / 86_400), 'day');
  if (abs < 86_400 * 730) return REL.format(Math.round(s / (86_400 * 30.44)), 'month');
  return REL.format(Math.round(s / (86_400 * 365.25)), 'year');
}
