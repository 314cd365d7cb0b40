import { DateTime } from 'luxon';

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

/** "12 Jan 2027, 08:00" in the zone. */
export function showInZone(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone).toFormat('d LLL yyyy, HH:mm');
}

export type LinkStatus = 'permanent' | 'scheduled' | 'active' | 'expired';

export function linkStatus(r: { startDate: string; endDate: string } | null, now = Date.now()): LinkStatus {
  if (!r) return 'permanent';
  if (now < Date.parse(r.startDate)) return 'scheduled';
  if (now >= Date.parse(r.endDate)) return 'expired';
  return 'active';
}
