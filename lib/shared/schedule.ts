import { DateTime } from 'luxon';

/** Schedule fields shared by accesses and PINs (decisions.md, "Time"). */
export interface Schedule {
  startDate: Date | null;
  endDate: Date | null;
  dayStartTime: Date | null;
  dayEndTime: Date | null;
  weekDays: number | null;
}

/** weekDays bits: Monday 1 ... Sunday 64; luxon weekday 1 = Monday. */
const bit = (luxonWeekday: number) => 1 << (luxonWeekday - 1);

export function isValidWeekDays(v: number | null | undefined): boolean {
  return v === null || v === undefined || (Number.isInteger(v) && v >= 1 && v <= 127);
}

/** No weekly schedule: every weekday (or none said) and no daily window. */
export function everyHourOfTheWeek(s: Pick<Schedule, 'weekDays' | 'dayStartTime' | 'dayEndTime'>): boolean {
  return (s.weekDays === null || s.weekDays === 127) && !s.dayStartTime && !s.dayEndTime;
}

/** Within [startDate, endDate); a null bound is open. */
export function withinDates(s: Pick<Schedule, 'startDate' | 'endDate'>, now: Date): boolean {
  return (!s.startDate || s.startDate <= now) && (!s.endDate || now < s.endDate);
}

export function notYetStarted(s: Pick<Schedule, 'startDate'>, now: Date) {
  return !!s.startDate && now < s.startDate;
}

/** Minutes after local midnight of an instant's wall-clock time in `zone`. */
export function minutesIn(d: Date, zone: string): number {
  const t = DateTime.fromJSDate(d, { zone });
  return t.hour * 60 + t.minute;
}

/**
 * Active now: within the dates, on an allowed weekday and inside the daily window, all judged
 * in the device's time zone. A window whose end is earlier than its start runs past midnight;
 * its after-midnight part belongs to the weekday on which it started.
 */
export function isActiveAt(s: Schedule, now: Date, zone: string): boolean {
  if (!withinDates(s, now)) return false;
  // most accesses have no weekly schedule: no time-zone work (it dominates long device lists)
  if (!s.dayStartTime && !s.dayEndTime && (s.weekDays === null || s.weekDays === 127)) return true;
  const local = DateTime.fromJSDate(now, { zone });
  const nowMin = local.hour * 60 + local.minute;
  const mask = s.weekDays ?? 127;
  if (!s.dayStartTime && !s.dayEndTime) return (mask & bit(local.weekday)) !== 0;
  const start = s.dayStartTime ? minutesIn(s.dayStartTime, zone) : 0;
  const end = s.dayEndTime ? minutesIn(s.dayEndTime, zone) : 24 * 60;
  if (start <= end) return nowMin >= start && nowMin < end && (mask & bit(local.weekday)) !== 0;
  if (nowMin >= start) return (mask & bit(local.weekday)) !== 0;
  if (nowMin < end) return (mask & bit(local.minus({ days: 1 }).weekday)) !== 0;
  return false;
}

/** "08:00" wall-clock time of an instant in a zone (for messages and the portal). */
export function wallClock(d: Date, zone: string): string {
  return DateTime.fromJSDate(d, { zone }).toFormat('HH:mm');
}

/**
 * When an access that is active at `now` stops being active, if nothing changes it: the end of
 * today's daily window (or of the run of allowed weekdays) in the device's zone, or its end date,
 * whichever comes first; null when it never ends. `now` itself when it is not active.
 */
export function activeUntil(s: Schedule, now: Date, zone: string): Date | null {
  if (!isActiveAt(s, now, zone)) return now;
  const ends: Date[] = s.endDate ? [s.endDate] : [];
  const mask = s.weekDays ?? 127;
  const local = DateTime.fromJSDate(now, { zone });
  if (s.dayStartTime || s.dayEndTime) {
    const start = s.dayStartTime ? minutesIn(s.dayStartTime, zone) : 0;
    const end = s.dayEndTime ? minutesIn(s.dayEndTime, zone) : 24 * 60;
    const nowMin = local.hour * 60 + local.minute;
    // the window that holds `now` ends today, or tomorrow when it runs past midnight and began today
    const day = start > end && nowMin >= start ? local.plus({ days: 1 }).startOf('day') : local.startOf('day');
    ends.push(
      (end === 24 * 60 ? day.plus({ days: 1 }) : day.set({ hour: Math.floor(end / 60), minute: end % 60 })).toJSDate(),
    );
  } else if (mask !== 127) {
    // allowed whole days: the run of allowed days that holds today ends at a local midnight
    let d = local.startOf('day').plus({ days: 1 });
    while (mask & bit(d.weekday)) d = d.plus({ days: 1 });
    ends.push(d.toJSDate());
  }
  return ends.length ? new Date(Math.min(...ends.map((e) => e.getTime()))) : null;
}

const WEEK = 7 * 24 * 60;

/**
 * The minutes of a week (Monday 00:00 = 0, in `zone`'s wall clock) in which the weekly part of a
 * schedule (weekdays and daily window, not its dates) is active, as sorted, merged [from, to)
 * intervals. A window past midnight belongs to the weekday on which it starts; Sunday's runs into
 * Monday morning (the week wraps).
 */
export function weeklyMinutes(s: Schedule, zone: string): Array<[number, number]> {
  const mask = s.weekDays ?? 127;
  const start = s.dayStartTime ? minutesIn(s.dayStartTime, zone) : 0;
  const end = s.dayEndTime ? minutesIn(s.dayEndTime, zone) : 24 * 60;
  const length = start < end ? end - start : 24 * 60 - start + end;
  const out: Array<[number, number]> = [];
  for (let day = 0; day < 7; day++) {
    if (!(mask & (1 << day))) continue;
    const from = day * 24 * 60 + start;
    const to = from + length;
    if (to <= WEEK) out.push([from, to]);
    else out.push([from, WEEK], [0, to - WEEK]);
  }
  out.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [a, b] of out) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

/**
 * Whether `inner` is active only when `outer` is, judged in `zone` from `now` on: its dates within
 * outer's (no end inside an end is wider; a start before outer's matters only while outer has not
 * begun), and its weekdays and daily window within outer's.
 */
export function scheduleWithin(inner: Schedule, outer: Schedule, zone: string, now: Date): boolean {
  if (outer.endDate && (!inner.endDate || inner.endDate > outer.endDate)) return false;
  if (outer.startDate && outer.startDate > now) {
    const innerStart = inner.startDate ?? now;
    if (innerStart < outer.startDate) return false;
  }
  const o = weeklyMinutes(outer, zone);
  return weeklyMinutes(inner, zone).every(([a, b]) => o.some(([c, d]) => c <= a && b <= d));
}
