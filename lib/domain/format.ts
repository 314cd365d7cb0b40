/** Date forms of api-v37.md (decisions.md, "Time"). */

/** `created`: UTC without zone suffix, e.g. 2026-11-22T10:15:30 (a date in, a string out: the types say so) */
export function fmtNoZone(d: Date): string;
export function fmtNoZone(d: Date | null | undefined): string | null;
export function fmtNoZone(d: Date | null | undefined): string | null {
  return d ? d.toISOString().slice(0, 19) : null;
}

/** activity `date`: UTC without zone suffix, milliseconds, e.g. 2026-11-22T10:15:30.123 */
export const fmtNoZoneMs = (d: Date): string => d.toISOString().slice(0, 23);

/** `lastStateChangedDate`, `repeatEvent` dates, schedule fields: ISO with Z */
export const fmtZ = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** revoked certificate `expirationDate`: six fractional digits and Z */
export const fmtMicroZ = (d: Date): string => d.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
