import { DateTime } from 'luxon';

/**
 * The periods of a site's reports (issue 35), in the site's zone: a week runs Monday 00:00 to the
 * next Monday 00:00, a month from its first day; its report comes due at the subscriber's hour on
 * the day the period ends (Monday, the 1st), in that zone, whatever the clocks did meanwhile.
 */
export type Frequency = 'weekly' | 'monthly';

export interface Period {
  /** '2026-11-23' (the week's Monday) or '2026-11' */
  key: string;
  start: Date;
  end: Date;
  /** when its report is mailed */
  due: Date;
  /** "the week of 23 Nov 2026", "November 2026" */
  label: string;
}

function periodEndingAt(end: DateTime, frequency: Frequency, hour: number): Period {
  const start = frequency === 'weekly' ? end.minus({ weeks: 1 }) : end.minus({ months: 1 });
  return {
    key: frequency === 'weekly' ? start.toISODate()! : start.toFormat('yyyy-MM'),
    start: start.toJSDate(),
    end: end.toJSDate(),
    due: end.set({ hour }).toJSDate(),
    label: frequency === 'weekly' ? `the week of ${start.toFormat('d LLL yyyy')}` : start.toFormat('LLLL yyyy'),
  };
}

/** The last period that has ended at `now` (its report due, or coming due today at the hour). */
export function lastPeriod(frequency: Frequency, hour: number, zone: string, now: Date): Period {
  const local = DateTime.fromJSDate(now, { zone });
  const end = frequency === 'weekly' ? local.startOf('week') : local.startOf('month');
  return periodEndingAt(end, frequency, hour);
}

/** The next time a report of this subscription is mailed, after `now`. */
export function nextDue(frequency: Frequency, hour: number, zone: string, now: Date): Date {
  const p = lastPeriod(frequency, hour, zone, now);
  if (p.due > now) return p.due;
  const end = DateTime.fromJSDate(p.end, { zone }).plus(frequency === 'weekly' ? { weeks: 1 } : { months: 1 });
  return periodEndingAt(end, frequency, hour).due;
}
