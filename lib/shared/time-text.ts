/**
 * How far a moment is from now, in the portal's words: "just now", "in a moment", "5 minutes ago",
 * "in 3 hours", "yesterday", "2 months ago", "in 3 years" ("in 30 seconds" when asked for seconds). The one wording of relative time (keys,
 * apps, members, webhooks, devices); a moment's date and hour are written where it is shown, in
 * the zone that applies there.
 */
const REL = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

export function relative(iso: string, now = Date.now(), { seconds = false } = {}): string {
  const s = (new Date(iso).getTime() - now) / 1000;
  const abs = Math.abs(s);
  // where seconds matter (a webhook's next attempt), under a minute is counted too
  if (abs < 60 && seconds && Math.round(abs) >= 1) return REL.format(Math.round(s), 'second');
  if (abs < 60) return s < 0 ? 'just now' : 'in a moment';
  if (abs < 3600) return REL.format(Math.round(s / 60), 'minute');
  if (abs < 86_400) return REL.format(Math.round(s / 3600), 'hour');
  if (abs < 86_400 * 60) return REL.format(Math.round(s / 86_400), 'day');
  if (abs < 86_400 * 730) return REL.format(Math.round(s / (86_400 * 30.44)), 'month');
  return REL.format(Math.round(s / (86_400 * 365.25)), 'year');
}
