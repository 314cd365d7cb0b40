import { describe, expect, it } from 'vitest';
import { nextSlot, nextWords, ruleProblem, ruleWords, slotsBetween, type TimetableFacts } from './timetable';

const EVERY_DAY = 127;
const iso = (s: { due: Date }) => s.due.toISOString();

describe('a timetable across the changes of the clocks (issue 35)', () => {
  const t: TimetableFacts = {
    rules: [
      { days: EVERY_DAY, at: '08:00', action: 'unlock' },
      { days: EVERY_DAY, at: '02:30', action: 'lock' },
    ],
    exceptions: [],
  };

  it('Warsaw, spring (29 Mar 2026): 08:00 follows the wall clock; 02:30 does not exist and comes due at 03:30', () => {
    const s = slotsBetween(t, 'Europe/Warsaw', new Date('2026-03-28T00:00:00Z'), new Date('2026-03-29T23:00:00Z'));
    expect(s.map((x) => [x.key, iso(x)])).toEqual([
      ['2026-03-28T02:30/lock', '2026-03-28T01:30:00.000Z'],
      ['2026-03-28T08:00/unlock', '2026-03-28T07:00:00.000Z'],
      ['2026-03-29T02:30/lock', '2026-03-29T01:30:00.000Z'], // 03:30 CEST, the first instant after the gap
      ['2026-03-29T08:00/unlock', '2026-03-29T06:00:00.000Z'],
    ]);
  });

  it('Warsaw, autumn (25 Oct 2026): 02:30 happens twice on the wall and comes due once, the first time', () => {
    const s = slotsBetween(t, 'Europe/Warsaw', new Date('2026-10-24T22:00:00Z'), new Date('2026-10-25T12:00:00Z'));
    expect(s.map((x) => [x.key, iso(x)])).toEqual([
      ['2026-10-25T02:30/lock', '2026-10-25T00:30:00.000Z'], // 02:30 CEST; 02:30 CET (01:30Z) is not a second slot
      ['2026-10-25T08:00/unlock', '2026-10-25T07:00:00.000Z'],
    ]);
  });

  it('New York, spring (8 Mar 2026) and autumn (1 Nov 2026)', () => {
    const ny: TimetableFacts = {
      rules: [
        { days: EVERY_DAY, at: '02:30', action: 'lock' },
        { days: EVERY_DAY, at: '01:30', action: 'unlock' },
      ],
      exceptions: [],
    };
    const spring = slotsBetween(
      ny,
      'America/New_York',
      new Date('2026-03-08T05:00:00Z'),
      new Date('2026-03-08T09:00:00Z'),
    );
    expect(spring.map((x) => [x.key, iso(x)])).toEqual([
      ['2026-03-08T01:30/unlock', '2026-03-08T06:30:00.000Z'], // 01:30 EST
      ['2026-03-08T02:30/lock', '2026-03-08T07:30:00.000Z'], // skipped: 03:30 EDT
    ]);
    const autumn = slotsBetween(
      ny,
      'America/New_York',
      new Date('2026-11-01T04:00:00Z'),
      new Date('2026-11-01T09:00:00Z'),
    );
    expect(autumn.map((x) => [x.key, iso(x)])).toEqual([
      ['2026-11-01T01:30/unlock', '2026-11-01T05:30:00.000Z'], // 01:30 EDT, once (01:30 EST at 06:30Z is no slot)
      ['2026-11-01T02:30/lock', '2026-11-01T07:30:00.000Z'], // 02:30 EST
    ]);
  });

  it('weekdays, resting dates, the window bounds, the next change and the words', () => {
    const office: TimetableFacts = {
      rules: [
        { days: 31, at: '08:00', action: 'unlock' },
        { days: 31, at: '18:00', action: 'lock' },
      ],
      exceptions: ['2026-12-25'],
    };
    // Thursday 24 Dec 2026 18:00 local (17:00Z) up to Monday 28 Dec: Friday the 25th rests, the weekend too
    const s = slotsBetween(office, 'Europe/Warsaw', new Date('2026-12-24T16:59:00Z'), new Date('2026-12-28T23:00:00Z'));
    expect(s.map((x) => x.key)).toEqual(['2026-12-24T18:00/lock', '2026-12-28T08:00/unlock', '2026-12-28T18:00/lock']);
    // (from, to]: a slot due exactly at `from` was the previous pass's
    expect(
      slotsBetween(office, 'Europe/Warsaw', new Date('2026-12-24T17:00:00Z'), new Date('2026-12-24T18:00:00Z')),
    ).toEqual([]);
    const next = nextSlot(office, 'Europe/Warsaw', new Date('2026-12-24T17:00:00Z'))!;
    expect(next.key).toBe('2026-12-28T08:00/unlock');
    expect(nextWords(next, 'Europe/Warsaw')).toBe('Unlocks Monday 28 Dec at 08:00 (Warsaw time)');
    expect(ruleWords(office.rules[0])).toBe('Unlock Mon–Fri at 08:00');
    expect(ruleWords({ days: 127, at: '22:00', action: 'lock' })).toBe('Lock every day at 22:00');
    expect(nextSlot({ rules: [], exceptions: [] }, 'UTC', new Date())).toBeNull();
    expect(ruleProblem({ days: 0, at: '08:00', action: 'lock' })).toContain('days');
    expect(ruleProblem({ days: 1, at: '24:00', action: 'lock' })).toContain('at must be');
  });
});
