import { DateTime } from 'luxon';

/**
 * PIN schedules as people read and type them: in the lock's own time zone, named.
 * Pure (luxon only), shared by the portal form and its tests. The API stores UTC instants;
 * only the wall-clock time of dayStartTime/dayEndTime in the lock's zone counts (decisions.md).
 */

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export interface ScheduleFields {
  startDate: string | null;
  endDate: string | null;
  dayStartTime: string | null;
  dayEndTime: string | null;
  weekDays: number | null;
}

/** An instant as the value of <input type="datetime-local"> in the zone ("2026-12-01T09:00"). */
export function toLocalInput(iso: string | null, zone: string): string {
  return iso ? DateTime.fromISO(iso, { zone }).toFormat("yyyy-MM-dd'T'HH:mm") : '';
}

/** The wall-clock time of an instant in the zone ("08:00"). */
export function toTimeInput(iso: string | null, zone: string): string {
  return iso ? DateTime.fromISO(iso, { zone }).toFormat('HH:mm') : '';
}

/** A datetime-local value typed in the lock's zone, as a UTC instant (null when empty or invalid). */
export function fromLocalInput(value: string, zone: string): string | null {
  if (!value) return null;
  const d = DateTime.fromISO(value, { zone });
  return d.isValid ? d.toUTC().toISO() : null;
}

/** A time of day typed in the lock's zone ("08:00"), as today's instant at that wall-clock time. */
export function fromTimeInput(value: string, zone: string, now = new Date()): string | null {
  const m = /^(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const d = DateTime.fromJSDate(now, { zone }).set({
    hour: Number(m[1]),
    minute: Number(m[2]),
    second: 0,
    millisecond: 0,
  });
  return d.isValid ? d.toUTC().toISO() : null;
}

/** "Mon–Fri", "Sat, Sun", "Every day". */
export function describeWeekDays(mask: number | null): string {
  if (mask === null || mask === 127) return 'Every day';
  const on = WEEKDAYS.map((_, i) => (mask & (1 << i)) !== 0);
  const parts: string[] = [];
  for (let i = 0; i < 7; i++) {
    if (!on[i]) continue;
    let j = i;
    while (j + 1 < 7 && on[j + 1]) j++;
    parts.push(j - i >= 2 ? `${WEEKDAYS[i]}–${WEEKDAYS[j]}` : j > i ? `${WEEKDAYS[i]}, ${WEEKDAYS[j]}` : WEEKDAYS[i]);
    i = j;
  }
  return parts.join(', ');
}

/** "08:00–17:00 Europe/Warsaw"; a window past midnight reads "22:00 to 06:00 next day Europe/Warsaw". */
export function describeWindow(s: Pick<ScheduleFields, 'dayStartTime' | 'dayEndTime'>, zone: string): string {
  if (!s.dayStartTime && !s.dayEndTime) return 'Any time';
  const from = s.dayStartTime ? toTimeInput(s.dayStartTime, zone) : '00:00';
  const to = s.dayEndTime ? toTimeInput(s.dayEndTime, zone) : '24:00';
  if (to !== '24:00' && to < from) return `${from} to ${to} next day ${zone}`;
  return `${from}–${to} ${zone}`;
}

const fmtDate = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toFormat('d LLL yyyy HH:mm');

/** "From 1 Dec 2026 09:00 until 24 Dec 2026 18:00", or null when the PIN has no dates. */
export function describeDates(s: Pick<ScheduleFields, 'startDate' | 'endDate'>, zone: string): string | null {
  if (s.startDate && s.endDate) return `From ${fmtDate(s.startDate, zone)} until ${fmtDate(s.endDate, zone)}`;
  if (s.startDate) return `From ${fmtDate(s.startDate, zone)}`;
  if (s.endDate) return `Until ${fmtDate(s.endDate, zone)}`;
  return null;
}

/** One line for a list row: "Mon–Fri · 08:00–17:00 Europe/Warsaw · Until 24 Dec 2026 18:00"; "Always" without limits. */
export function describeSchedule(s: ScheduleFields, zone: string): string {
  const days = describeWeekDays(s.weekDays);
  const window = describeWindow(s, zone);
  const parts = [
    days === 'Every day' ? null : days,
    window === 'Any time' ? null : window,
    describeDates(s, zone),
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Always';
}
