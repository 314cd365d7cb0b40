import { DateTime } from 'luxon';
import { Level, decide, type AccessFacts } from '@/lib/shared/policy';
import { isActiveAt, weeklyMinutes, withinDates } from '@/lib/shared/schedule';
import { describeDates, describeDays, describeWindow } from '@/lib/shared/access/schedule-text';

/** The viewer's own hours on one door, in the door's zone (GET /my/device/{deviceId}/hours, the door's page). */
export interface YourHours {
  /** the door's IANA zone; every time below is read there */
  timeZone: string;
  /** owners, and accesses without dates, weekdays or daily window: no limit in time */
  always: boolean;
  /** "Mon–Fri 08:00–17:00 Europe/Warsaw" (lib/shared/access/schedule-text), null when always */
  hours: string | null;
  /** "1 Dec 2026, 09:00 – 31 Dec 2026, 18:00", null without dates */
  dates: string | null;
  /** the schedule lets the viewer open now (the policy's answer to `open`, leaving remote opening aside) */
  openNow: boolean;
  /** remote opening is off for this access: the door opens only on site */
  remoteAccessDisabled: boolean;
  /** when the schedule next lets them open (ISO with Z), null when open now or never again */
  nextOpen: string | null;
  /** the same in words at the door: "Tue 08:00", or "Tue 8 Dec 08:00" past this week */
  nextOpenText: string | null;
}

const WEEK = 7 * 24 * 60;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The first instant at or after `now` at which the schedule is active (its dates, weekdays and daily
 * window in `zone`; the same rules as the policy's `isActiveAt`), or null when it never will be.
 */
export function nextActive(a: AccessFacts, now: Date, zone: string): Date | null {
  if (isActiveAt(a, now, zone)) return now;
  let from = a.startDate && a.startDate > now ? a.startDate : now;
  if (a.endDate && from >= a.endDate) return null;
  const weekly = weeklyMinutes(a, zone);
  if (!weekly.length) return null;
  // a whole minute, so "08:00" is reached from 07:59:30
  const local = DateTime.fromJSDate(from, { zone });
  const m = (local.weekday - 1) * 1440 + local.hour * 60 + local.minute;
  let target: DateTime | null = null;
  if (weekly.some(([s, e]) => s <= m && m < e)) target = local;
  else {
    const next = weekly.find(([s]) => s > m);
    const start = next ? next[0] : weekly[0][0] + WEEK;
    const day = Math.floor(start / 1440);
    const min = start % 1440;
    target = local
      .startOf('week')
      .plus({ days: day })
      .set({ hour: Math.floor(min / 60), minute: min % 60, second: 0, millisecond: 0 });
  }
  from = target.toJSDate();
  if (a.endDate && from >= a.endDate) return null;
  // the policy's own rule has the last word (a wall-clock time a DST change skipped moves on a minute at a time)
  for (let i = 0; i < 120 && !isActiveAt(a, from, zone); i++) from = new Date(from.getTime() + 60_000);
  return isActiveAt(a, from, zone) ? from : null;
}

/** The viewer's hours on a door from their effective access (the policy's facts) at `now`. */
export function yourHours(a: AccessFacts, now: Date): YourHours {
  const zone = a.timeZone;
  const owner = a.accessLevel >= Level.owner;
  const unlimited =
    !a.startDate && !a.endDate && !a.dayStartTime && !a.dayEndTime && (a.weekDays === null || a.weekDays === 127);
  const d = decide('open', a, now);
  const openNow = owner || d.ok || d.reason === 'remote';
  const next = openNow || !withinDatesOrLater(a, now) ? null : nextActive(a, now, zone);
  const window = describeWindow(iso(a.dayStartTime), iso(a.dayEndTime), zone);
  const days = describeDays(a.weekDays);
  return {
    timeZone: zone,
    always: owner || unlimited,
    hours: owner || unlimited ? null : window ? `${days} ${window}` : `${days} (${zone})`,
    dates: owner ? null : describeDates(iso(a.startDate), iso(a.endDate), zone),
    openNow,
    remoteAccessDisabled: !owner && a.remoteAccessDisabled,
    nextOpen: iso(next),
    nextOpenText: next ? whenText(next, now, zone) : null,
  };
}

const withinDatesOrLater = (a: AccessFacts, now: Date) => withinDates(a, now) || (!!a.startDate && a.startDate > now);

/** "Tue 08:00" within six days at the door, else "Tue 8 Dec 08:00". */
function whenText(at: Date, now: Date, zone: string): string {
  const t = DateTime.fromJSDate(at, { zone });
  const soon = at.getTime() - now.getTime() < 6 * 24 * 3600_000;
  return t.toFormat(soon ? 'ccc HH:mm' : 'ccc d LLL HH:mm');
}
