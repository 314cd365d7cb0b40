import { DateTime } from 'luxon';

/**
 * Daily windows relative to the real clock, for tests that need an access to be active, or not,
 * right now. Only the time of day of each bound counts (judged in the device's zone), so a
 * one-hour window three hours from now never contains now, at any hour and across midnight.
 */
const HOUR = 3_600_000;

/** Active now: from an hour ago to an hour from now. */
export const activeWindow = () => ({
  dayStartTime: new Date(Date.now() - HOUR),
  dayEndTime: new Date(Date.now() + HOUR),
});

/** Not active now: a one-hour window three hours from now (the access is seen, but opens nothing). */
export const outsideWindow = () => ({
  dayStartTime: new Date(Date.now() + 3 * HOUR),
  dayEndTime: new Date(Date.now() + 4 * HOUR),
});

/** An instant whose wall-clock time in `zone` is `minutes` after midnight (the API keeps only that). */
export const timeOfDay = (zone: string, minutes: number) =>
  DateTime.fromObject(
    { year: 2026, month: 1, day: 15, hour: Math.floor(minutes / 60), minute: minutes % 60 },
    { zone },
  ).toJSDate();
