import { DateTime, IANAZone } from 'luxon';

/**
 * Schedules are stored in UTC and shown in the device's own time zone, named
 * ("08:00–17:00 Europe/Warsaw"); only the wall-clock time of the daily bounds counts.
 */
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export function describeDays(mask: number | null): string {
  if (mask === null || mask === 127) return 'Every day';
  // runs of three or more days read as a range: "Mon–Sat", "Mon–Wed, Fri"
  const parts: string[] = [];
  for (let i = 0; i < 7; ) {
    if (!(mask & (1 << i))) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < 7 && mask & (1 << (j + 1))) j++;
    if (j - i >= 2) parts.push(`${DAYS[i]}–${DAYS[j]}`);
    else for (let k = i; k <= j; k++) parts.push(DAYS[k]);
    i = j + 1;
  }
  return parts.join(', ');
}

const wall = (iso: string, zone: string) => DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone).toFormat('HH:mm');

/** "08:00–17:00 Europe/Warsaw", "22:00 to 06:00 next day Europe/Warsaw", or null (all day). */
export function describeWindow(start: string | null, end: string | null, zone: string): string | null {
  if (!start && !end) return null;
  const s = start ? wall(start, zone) : '00:00';
  const e = end ? wall(end, zone) : '24:00';
  return e < s ? `${s} to ${e} next day ${zone}` : `${s}–${e} ${zone}`;
}

/** "12 Jan 2027, 08:00": an instant (ISO, UTC when it names no zone, or a Date) in the zone, as every page and mail shows one. */
export function showInZone(at: string | Date, zone: string): string {
  const d = typeof at === 'string' ? DateTime.fromISO(at, { zone: 'utc' }) : DateTime.fromJSDate(at);
  return d.setZone(zone).toFormat('d LLL yyyy, HH:mm');
}

/** "24 Nov 2026, 22:58 (Europe/Warsaw)": the time in a device's zone, the zone named (UTC for a zone unknown here). */
export function timeIn(at: string | Date, timeZone: string): string {
  const zone = IANAZone.isValidZone(timeZone) ? timeZone : 'UTC';
  return `${showInZone(at, zone)} (${zone})`;
}

export function describeDates(start: string | null, end: string | null, zone: string): string | null {
  if (start && end) return `${showInZone(start, zone)} – ${showInZone(end, zone)}`;
  if (start) return `From ${showInZone(start, zone)}`;
  if (end) return `Until ${showInZone(end, zone)}`;
  return null;
}

export type Validity = 'active' | 'not-started' | 'expired';

export function validity(start: string | null, end: string | null, now = Date.now()): Validity {
  if (end && Date.parse(end) <= now) return 'expired';
  if (start && Date.parse(start) > now) return 'not-started';
  return 'active';
}

/** <input type="datetime-local"> value in the zone -> UTC ISO (null when empty). */
export function localToUtc(value: string, zone: string): string | null {
  if (!value) return null;
  const d = DateTime.fromISO(value, { zone });
  return d.isValid ? d.toUTC().toISO() : null;
}

/** UTC ISO -> <input type="datetime-local"> value in the zone. */
export function utcToLocal(iso: string | null, zone: string): string {
  return iso ? DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm") : '';
}

/** "HH:mm" at the door -> a full UTC datetime with that wall-clock time in the zone (today's date). */
export function timeToUtc(value: string, zone: string): string | null {
  if (!value) return null;
  const [h, m] = value.split(':').map(Number);
  const d = DateTime.now().setZone(zone).set({ hour: h, minute: m, second: 0, millisecond: 0 });
  return d.isValid ? d.toUTC().toISO() : null;
}

export function utcToTime(iso: string | null, zone: string): string {
  return iso ? wall(iso, zone) : '';
}
