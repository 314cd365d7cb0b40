import { describe, expect, it } from 'vitest';
import { isActiveAt } from '../schedule';
import {
  describeSchedule,
  describeWeekDays,
  describeWindow,
  fromLocalInput,
  fromTimeInput,
  toLocalInput,
  toTimeInput,
} from './schedule-text';

const Z = 'Europe/Warsaw';

describe('PIN schedules in the lock time zone', () => {
  it('round-trips what a person types, across daylight saving', () => {
    expect(fromLocalInput('2026-12-01T09:00', Z)).toBe('2026-12-01T08:00:00.000Z'); // CET, +1
    expect(fromLocalInput('2026-07-01T09:00', Z)).toBe('2026-07-01T07:00:00.000Z'); // CEST, +2
    expect(toLocalInput('2026-07-01T07:00:00.000Z', Z)).toBe('2026-07-01T09:00');
    const winter = fromTimeInput('08:00', Z, new Date('2026-01-15T12:00:00Z'))!;
    expect(winter).toBe('2026-01-15T07:00:00.000Z');
    expect(toTimeInput(winter, Z)).toBe('08:00');
    expect(fromLocalInput('', Z)).toBeNull();
    expect(fromTimeInput('8am', Z)).toBeNull();
  });

  it('a window typed in the form is what the server enforces', () => {
    const at = (iso: string) => new Date(iso);
    const s = {
      startDate: null,
      endDate: null,
      weekDays: null,
      dayStartTime: new Date(fromTimeInput('22:00', Z)!),
      dayEndTime: new Date(fromTimeInput('06:00', Z)!),
    };
    expect(isActiveAt(s, at('2026-07-01T21:30:00Z'), Z)).toBe(true); // 23:30 in Warsaw
    expect(isActiveAt(s, at('2026-07-01T03:00:00Z'), Z)).toBe(true); // 05:00
    expect(isActiveAt(s, at('2026-07-01T10:00:00Z'), Z)).toBe(false); // 12:00
  });

  it('names the zone and reads windows past midnight naturally', () => {
    const day = { dayStartTime: fromTimeInput('08:00', Z)!, dayEndTime: fromTimeInput('17:00', Z)! };
    expect(describeWindow(day, Z)).toBe('08:00–17:00 Europe/Warsaw');
    const night = { dayStartTime: fromTimeInput('22:00', Z)!, dayEndTime: fromTimeInput('06:00', Z)! };
    expect(describeWindow(night, Z)).toBe('22:00 to 06:00 next day Europe/Warsaw');
    expect(describeWindow({ dayStartTime: null, dayEndTime: null }, Z)).toBe('Any time');
  });

  it('describes weekdays as ranges', () => {
    expect(describeWeekDays(31)).toBe('Mon–Fri');
    expect(describeWeekDays(96)).toBe('Sat, Sun');
    expect(describeWeekDays(1 | 4 | 16)).toBe('Mon, Wed, Fri');
    expect(describeWeekDays(null)).toBe('Every day');
    expect(describeWeekDays(127)).toBe('Every day');
  });

  it('sums a schedule up in one line', () => {
    expect(
      describeSchedule({ startDate: null, endDate: null, dayStartTime: null, dayEndTime: null, weekDays: null }, Z),
    ).toBe('Always');
    expect(
      describeSchedule(
        {
          startDate: null,
          endDate: '2026-12-24T17:00:00.000Z',
          dayStartTime: fromTimeInput('08:00', Z),
          dayEndTime: fromTimeInput('17:00', Z),
          weekDays: 31,
        },
        Z,
      ),
    ).toBe('Mon–Fri · 08:00–17:00 Europe/Warsaw · Until 24 Dec 2026 18:00');
    expect(
      describeSchedule(
        { startDate: '2026-12-01T08:00:00.000Z', endDate: null, dayStartTime: null, dayEndTime: null, weekDays: null },
        Z,
      ),
    ).toBe('From 1 Dec 2026 09:00');
  });
});
