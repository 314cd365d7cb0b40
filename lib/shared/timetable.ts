import { DateTime } from 'luxon';
import { describeDays } from './access/schedule-text';
import { zoneCity } from './policy/words';

/**
 * A door's weekly timetable (issue 35), pure and browser-safe: rules read in a zone, the instants
 * they come due, and their words. Rules name a wall-clock time; across a change of the clocks the
 * instant follows the wall clock: a time the spring change skips (02:30 in Warsaw on the last
 * Sunday of March) comes due at the first instant after it (03:30 local), a time the autumn change
 * repeats comes due once, at its first occurrence. A slot (a rule on a local date) is one key, so
 * whoever sends it claims it once.
 */

export type TimetableAction = 'unlock' | 'lock';

export interface TimetableRule {
  /** weekDays bits, as accesses: Monday 1 ... Sunday 64 (127: every day) */
  days: number;
  /** local wall-clock time, "HH:MM" */
  at: string;
  action: TimetableAction;
}

export interface TimetableFacts {
  rules: readonly TimetableRule[];
  /** local dates (YYYY-MM-DD) on which the timetable rests */
  exceptions: readonly string[];
}

export interface Slot {
  /** `${localDate}T${at}/${action}`: the claim's key */
  key: string;
  due: Date;
  action: TimetableAction;
  localDate: string;
  at: string;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A rule's problem in words, or null. */
export function ruleProblem(r: TimetableRule): string | null {
  if (!Number.isInteger(r.days) || r.days < 1 || r.days > 127) return 'days must be weekday bits from 1 to 127';
  if (!TIME.test(r.at)) return 'at must be a time like "08:00"';
  if (r.action !== 'unlock' && r.action !== 'lock') return 'action must be "unlock" or "lock"';
  return null;
}

export const isLocalDate = (s: string) => DATE.test(s) && DateTime.fromISO(s).isValid;

/** The slots of `t` due in (from, to], in `zone`, in order. */
export function slotsBetween(t: TimetableFacts, zone: string, from: Date, to: Date): Slot[] {
  if (!(to > from)) return [];
  const out: Slot[] = [];
  const resting = new Set(t.exceptions);
  // a day before `from` too: its late slots may fall after `from` in UTC terms only by a zone's change
  let day = DateTime.fromJSDate(from, { zone }).startOf('day').minus({ days: 1 });
  const last = DateTime.fromJSDate(to, { zone }).startOf('day');
  for (; day <= last; day = day.plus({ days: 1 })) {
    const localDate = day.toISODate()!;
    if (resting.has(localDate)) continue;
    for (const r of t.rules) {
      if (!(r.days & (1 << (day.weekday - 1)))) continue;
      const [h, m] = r.at.split(':').map(Number);
      const due = dueAt(day, h, m, zone);
      if (due > from && due <= to)
        out.push({ key: `${localDate}T${r.at}/${r.action}`, due, action: r.action, localDate, at: r.at });
    }
  }
  return out.sort((a, b) => a.due.getTime() - b.due.getTime() || a.key.localeCompare(b.key));
}

/**
 * The instant of a wall-clock time on a local date: a skipped time moves on by the gap (luxon's
 * rule, the first instant after it); a repeated one is its earlier occurrence.
 */
function dueAt(day: DateTime, h: number, m: number, zone: string): Date {
  const local = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour: h, minute: m }, { zone });
  // of the two instants a repeated wall-clock time has, the earlier (summer) one
  const earlier = local.minus({ hours: 1 });
  if (earlier.hour === h && earlier.minute === m && earlier.day === day.day) return earlier.toJSDate();
  return local.toJSDate();
}

/** The next slot after `now` (within four weeks), or null. */
export function nextSlot(t: TimetableFacts, zone: string, now: Date): Slot | null {
  if (!t.rules.length) return null;
  return slotsBetween(t, zone, now, new Date(now.getTime() + 28 * 86_400_000))[0] ?? null;
}

/** "Unlock Mon–Fri at 08:00", "Lock every day at 22:00". */
export function ruleWords(r: TimetableRule): string {
  const days = describeDays(r.days);
  return `${r.action === 'unlock' ? 'Unlock' : 'Lock'} ${days === 'Every day' ? 'every day' : days} at ${r.at}`;
}

/** "Unlocks Monday 30 Nov at 08:00 (Warsaw time)". */
export function nextWords(s: Slot, zone: string): string {
  const local = DateTime.fromJSDate(s.due, { zone });
  return `${s.action === 'unlock' ? 'Unlocks' : 'Locks'} ${local.toFormat('cccc d LLL')} at ${local.toFormat('HH:mm')} (${zoneCity(zone)} time)`;
}
