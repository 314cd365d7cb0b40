import { DateTime } from 'luxon';
import type { RepeatEvent } from '@/lib/client/links';
import { scheduleWords } from '@/lib/shared/policy/words';

/**
 * Link windows are entered in the organization's own time (organizations.time_zone) and sent
 * as UTC; a datetime-local input holds wall-clock text without a zone ("2027-01-12T08:00").
 */
export function localToUtcIso(local: string, zone: string): string | null {
  if (!local) return null;
  const d = DateTime.fromISO(local, { zone });
  return d.isValid ? d.toUTC().toISO() : null;
}

export function utcToLocal(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  return DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone).toFormat("yyyy-LL-dd'T'HH:mm");
}

export type LinkStatus = 'permanent' | 'scheduled' | 'active' | 'expired';

export function linkStatus(r: { startDate: string; endDate: string } | null, now = Date.now()): LinkStatus {
  if (!r) return 'permanent';
  if (now < Date.parse(r.startDate)) return 'scheduled';
  if (now >= Date.parse(r.endDate)) return 'expired';
  return 'active';
}

/** "Mon–Fri 08:00–17:00 Warsaw time" for a link with a weekly schedule; null when it works all day every day. */
export function weeklyText(r: RepeatEvent | null, zone: string): string | null {
  if (!r || (r.weekDays === null && !r.dayStartTime && !r.dayEndTime)) return null;
  const at = (iso: string | null) => (iso ? new Date(iso) : null);
  return scheduleWords({
    startDate: null,
    endDate: null,
    weekDays: r.weekDays,
    dayStartTime: at(r.dayStartTime),
    dayEndTime: at(r.dayEndTime),
    timeZone: zone,
  });
}
