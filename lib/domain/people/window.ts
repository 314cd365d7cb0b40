/** A moment as the API writes it (ISO 8601 in UTC), or null. */
export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** When an access, a PIN or a link holds, as a person page answers it: dates and daily hours in ISO, the weekdays' bits. */
export interface Window {
  startDate: string | null;
  endDate: string | null;
  dayStartTime: string | null;
  dayEndTime: string | null;
  weekDays: number | null;
}

/** The window of a stored row (an access, a PIN, a link). */
export const windowOf = (r: {
  startDate: Date | null;
  endDate: Date | null;
  dayStartTime: Date | null;
  dayEndTime: Date | null;
  weekDays: number | null;
}): Window => ({
  startDate: iso(r.startDate),
  endDate: iso(r.endDate),
  dayStartTime: iso(r.dayStartTime),
  dayEndTime: iso(r.dayEndTime),
  weekDays: r.weekDays,
});
