import { describe, expect, it } from 'vitest';
import { nextActive, yourHours } from './hours';

const Z = 'Europe/Warsaw';
// 2026-11-27 is a Friday; Warsaw is UTC+1 in November
const at = (iso: string) => new Date(iso);
const weekdays = {
  accessLevel: 0,
  remoteAccessDisabled: false,
  timeZone: Z,
  startDate: null,
  endDate: null,
  dayStartTime: at('2026-01-05T07:00:00Z'), // 08:00 in Warsaw (winter)
  dayEndTime: at('2026-01-05T16:00:00Z'), // 17:00
  weekDays: 31, // Mon-Fri
};

describe('yourHours: the viewer’s hours on a door and when they can next open it', () => {
  it('an owner may always open: no hours, no next opening', () => {
    const h = yourHours({ ...weekdays, accessLevel: 2 }, at('2026-11-28T12:00:00Z'));
    expect(h).toMatchObject({ always: true, hours: null, openNow: true, nextOpen: null, nextOpenText: null });
  });

  it('an access without a schedule is always', () => {
    const h = yourHours(
      { ...weekdays, dayStartTime: null, dayEndTime: null, weekDays: null },
      at('2026-11-28T12:00:00Z'),
    );
    expect(h).toMatchObject({ always: true, hours: null, openNow: true, nextOpen: null });
  });

  it('inside Mon–Fri 08:00–17:00: open now, hours in the door’s zone in the shared wording', () => {
    const h = yourHours(weekdays, at('2026-11-27T10:00:00Z')); // Fri 11:00 in Warsaw
    expect(h).toMatchObject({
      always: false,
      hours: 'Mon–Fri 08:00–17:00 Europe/Warsaw',
      openNow: true,
      nextOpen: null,
      timeZone: Z,
    });
  });

  it('Friday evening: next Monday 08:00 at the door', () => {
    const h = yourHours(weekdays, at('2026-11-27T17:30:00Z')); // Fri 18:30
    expect(h).toMatchObject({ openNow: false, nextOpen: '2026-11-30T07:00:00.000Z', nextOpenText: 'Mon 08:00' });
  });

  it('early on a weekday: the same day at 08:00', () => {
    const h = yourHours(weekdays, at('2026-12-01T05:59:30Z')); // Tue 06:59:30
    expect(h).toMatchObject({ openNow: false, nextOpen: '2026-12-01T07:00:00.000Z', nextOpenText: 'Tue 08:00' });
  });

  it('an end date before the next window: never again', () => {
    const h = yourHours({ ...weekdays, endDate: at('2026-11-29T00:00:00Z') }, at('2026-11-27T17:30:00Z'));
    expect(h).toMatchObject({ openNow: false, nextOpen: null, nextOpenText: null });
    expect(h.dates).toBe('Until 29 Nov 2026, 01:00');
  });

  it('a window past midnight belongs to the day it starts (the policy’s rule)', () => {
    const night = { ...weekdays, dayStartTime: at('2026-01-05T21:00:00Z'), dayEndTime: at('2026-01-05T05:00:00Z') };
    // Sat 03:00 in Warsaw: Friday's night runs until 06:00
    expect(yourHours(night, at('2026-11-28T02:00:00Z')).openNow).toBe(true);
    // Sun 03:00: Saturday has no night, the next is Monday 22:00
    expect(yourHours(night, at('2026-11-29T02:00:00Z'))).toMatchObject({
      openNow: false,
      nextOpen: '2026-11-30T21:00:00.000Z',
      nextOpenText: 'Mon 22:00',
    });
  });

  it('across a DST change the wall-clock hour holds (08:00 in summer is 06:00 UTC)', () => {
    // Fri 27 Mar 2026 18:00 CET; Monday 30 Mar is summer time
    expect(nextActive(weekdays, at('2026-03-27T17:00:00Z'), Z)?.toISOString()).toBe('2026-03-30T06:00:00.000Z');
  });

  it('remote opening off: the schedule still answers, and it says so', () => {
    const h = yourHours({ ...weekdays, remoteAccessDisabled: true }, at('2026-11-27T10:00:00Z'));
    expect(h).toMatchObject({ openNow: true, remoteAccessDisabled: true });
  });
});
