import { describe, expect, it } from 'vitest';
import { showInZone } from '@/lib/shared/access/schedule-text';
import { linkStatus, localToUtcIso, utcToLocal } from '@/components/links/zone-time';

/** The portal enters link windows in the organization's time and sends UTC (components/links/zone-time). */
describe('link window time conversion', () => {
  it('converts wall-clock time in the zone to UTC, across daylight saving', () => {
    expect(localToUtcIso('2027-01-12T08:00', 'Europe/Warsaw')).toBe('2027-01-12T07:00:00.000Z'); // CET, +1
    expect(localToUtcIso('2027-07-12T08:00', 'Europe/Warsaw')).toBe('2027-07-12T06:00:00.000Z'); // CEST, +2
    expect(localToUtcIso('2027-07-12T08:00', 'America/New_York')).toBe('2027-07-12T12:00:00.000Z');
    expect(localToUtcIso('', 'Europe/Warsaw')).toBeNull();
    expect(localToUtcIso('not a date', 'Europe/Warsaw')).toBeNull();
  });

  it('shows stored UTC back as the same wall-clock time', () => {
    expect(utcToLocal('2027-07-12T06:00:00.000Z', 'Europe/Warsaw')).toBe('2027-07-12T08:00');
    expect(utcToLocal(null, 'Europe/Warsaw')).toBe('');
    expect(showInZone('2027-01-12T07:00:00.000Z', 'Europe/Warsaw')).toBe('12 Jan 2027, 08:00');
  });

  it('names the state of a window', () => {
    const now = Date.parse('2027-01-10T12:00:00Z');
    expect(linkStatus(null, now)).toBe('permanent');
    expect(linkStatus({ startDate: '2027-01-11T00:00:00Z', endDate: '2027-01-12T00:00:00Z' }, now)).toBe('scheduled');
    expect(linkStatus({ startDate: '2027-01-09T00:00:00Z', endDate: '2027-01-10T12:00:00Z' }, now)).toBe('expired');
    expect(linkStatus({ startDate: '2027-01-09T00:00:00Z', endDate: '2027-01-10T12:00:01Z' }, now)).toBe('active');
  });
});
