import { describe, expect, it } from 'vitest';
import { describeDays, describeWindow, localToUtc, timeIn, timeToUtc, utcToLocal, utcToTime } from './schedule-text';

describe('schedule words', () => {
  it('names the zone and reads windows across midnight naturally', () => {
    expect(describeWindow('2026-01-15T07:00:00.000Z', '2026-01-15T16:00:00.000Z', 'Europe/Warsaw')).toBe(
      '08:00–17:00 Europe/Warsaw',
    );
    expect(describeWindow('2026-07-15T20:00:00.000Z', '2026-07-15T04:00:00.000Z', 'Europe/Warsaw')).toBe(
      '22:00 to 06:00 next day Europe/Warsaw',
    );
    expect(describeWindow(null, null, 'UTC')).toBeNull();
  });

  it('weekday masks', () => {
    expect(describeDays(null)).toBe('Every day');
    expect(describeDays(31)).toBe('Mon–Fri');
    expect(describeDays(1 | 4 | 64)).toBe('Mon, Wed, Sun');
    expect(describeDays(96)).toBe('Sat, Sun');
    expect(describeDays(63)).toBe('Mon–Sat');
    expect(describeDays(1 | 2 | 4 | 16)).toBe('Mon–Wed, Fri');
  });

  it('round-trips form values through UTC in the device zone', () => {
    const utc = localToUtc('2027-03-01T08:30', 'America/New_York');
    expect(utc).toBe('2027-03-01T13:30:00.000Z');
    expect(utcToLocal(utc, 'America/New_York')).toBe('2027-03-01T08:30');
    expect(utcToTime(timeToUtc('22:15', 'Asia/Tokyo'), 'Asia/Tokyo')).toBe('22:15');
  });

  it('a moment in a zone, the zone named; UTC for a zone unknown here', () => {
    expect(timeIn('2027-01-12T07:00:00.000Z', 'Europe/Warsaw')).toBe('12 Jan 2027, 08:00 (Europe/Warsaw)');
    expect(timeIn(new Date('2027-01-12T07:00:00.000Z'), 'Nowhere/Atlantis')).toBe('12 Jan 2027, 07:00 (UTC)');
  });
});
