/** Dates of the keys page, in the viewer's own time zone (keys are not tied to a door). */
const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export const fmtDate = (iso: string) => DATE.format(new Date(iso));
export const fmtDateTime = (iso: string) => DATE_TIME.format(new Date(iso));

/** The API's `created` has no zone suffix but is UTC. */
export const utc = (noZone: string) => (/[zZ]|[+-]\d\d:?\d\d$/.test(noZone) ? noZone : `${noZone}Z`);

/** YYYY-MM-DD of a date in the viewer's zone, for <input type="date"> bounds. */
export function dateInput(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** The latest expiry a key may have: 5 years from now, minus a day of margin for the clock. */
export function maxExpiry(now = new Date()): Date {
  const d = new Date(now);
  d.setFullYear(d.getFullYear() + 5);
  d.setDate(d.getDate() - 1);
  return d;
}
