import { z } from 'zod';

/**
 * Query strings: names match the schema's keys in any case (`Filters.Text` = `filters.text`),
 * a repeated name becomes an array, a blank value counts as absent. Values stay strings; the zod
 * helpers below convert them.
 */
export function queryToObject(params: URLSearchParams, schema: z.ZodObject): Record<string, unknown> {
  const canonical = new Map<string, string>();
  for (const key of Object.keys(schema.shape)) canonical.set(key.toLowerCase(), key);
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of params) {
    // `page=` means "not given" (forms and scripts send blanks): drop it, so optional params stay optional
    if (value === '') continue;
    const key = canonical.get(rawKey.toLowerCase()) ?? rawKey;
    const prev = out[key];
    if (prev === undefined) out[key] = value;
    else out[key] = Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** An integer from the query string, within [min, max]; refused (never clamped) outside. */
export const qInt = (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(min).max(max));

/** true/false in any case (also 1/0). */
export const qBool = () =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const s = v.toLowerCase();
    if (s === 'true' || s === '1') return true;
    if (s === 'false' || s === '0') return false;
    if (s === '') return undefined;
    return v;
  }, z.boolean({ error: 'must be true or false' }));

/** A string that may be repeated: always an array, of at most `max` values. */
export const qArray = <T extends z.ZodType>(item: T, max = 1000) =>
  z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item).max(max, `at most ${max} values`));

/** Path ids are positive integers. */
export const pathId = () => z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive').max(2147483647);

/** Path ids that are UUIDs (keys, groups, access links); refused with 400 otherwise. */
export const pathUuid = () => z.string().trim().toLowerCase().pipe(z.uuid({ error: 'must be a UUID' }));

/**
 * An instant: ISO 8601; another offset is converted, no offset means UTC (decisions.md).
 */
export const zInstant = () =>
  z.string().transform((s, ctx) => {
    const hasZone = /([zZ]|[+-]\d{2}:?\d{2})$/.test(s.trim());
    const d = new Date(hasZone ? s.trim() : `${s.trim()}Z`);
    if (!/^\d{4}-\d{2}-\d{2}/.test(s.trim()) || Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 date and time' });
      return z.NEVER;
    }
    return d;
  });
