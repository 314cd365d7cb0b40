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
