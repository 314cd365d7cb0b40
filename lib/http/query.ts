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
  z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(min).max(max),
  );

/**
 * A paged list with one text filter: `page`, `itemsPerPage` (at most 100) and `filters.text` (at
 * most 200 characters), as sites, groups, a group's members and the organization's people take
 * them. A list with filters of its own adds them with `.extend({...})`.
 */
export const pagedTextQuery = z.object({
  page: qInt(1).optional(),
  itemsPerPage: qInt(1, 100).optional(),
  'filters.text': z.string().max(200, 'must be at most 200 characters').optional(),
});

/** A parsed `pagedTextQuery` as the domain's list verbs take it: `{ page, itemsPerPage, text }`. */
export const pagedText = (q: z.infer<typeof pagedTextQuery>) => ({
  page: q.page,
  itemsPerPage: q.itemsPerPage,
  text: q['filters.text'],
});

/** true/false in any case (also 1/0). */
export const qBool = () =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const s = v.toLowerCase();
      if (s === 'true' || s === '1') return true;
      if (s === 'false' || s === '0') return false;
      if (s === '') return undefined;
      return v;
    },
    z.boolean({ error: 'must be true or false' }),
  );

/** A string that may be repeated: always an array, of at most `max` values. */
export const qArray = <T extends z.ZodType>(item: T, max = 1000) =>
  z.preprocess(
    (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
    z.array(item).max(max, `at most ${max} values`),
  );

/**
 * Path ids are positive integers written the one way: decimal digits, no sign, no leading zero,
 * no exponent, fraction, spaces or hex (`1e0`, `0x3`, `+3`, `3.0`, ` 3` are not 3: a lenient read
 * let `DELETE /my/lock/3/pin/1e0` delete PIN 1).
 */
export const pathId = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^[1-9][0-9]{0,15}$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'must be a positive whole number in decimal digits, like 42' })
      .int()
      .positive()
      .max(2147483647, 'is too large (at most 2147483647)'),
  );

/**
 * A body's database id (a lock, a bridge, a person of the organization): a positive whole number
 * that fits a Postgres integer; `error` says what it must be when it is not a number, `positive`
 * when it is zero or less (zod's own words otherwise).
 */
export const bodyId = (error: string, positive?: string) =>
  z.number({ error }).int('must be a whole number').positive(positive).max(2147483647);

/**
 * A body's list of database ids (devices, sites): positive whole numbers that fit a Postgres
 * integer, at most `max` of them; `error` says what the field must be when it is not a list.
 */
export const bodyIds = (error: string, max: number) =>
  z
    .array(
      z
        .number({ error: 'ids must be numbers' })
        .int('ids must be whole numbers')
        .positive('ids must be positive')
        .max(2147483647, 'ids must be at most 2147483647'),
      { error },
    )
    .max(max, `at most ${max} ids per request`);

/** Path ids that are UUIDs (keys, groups, access links); refused with 400 otherwise. */
export const pathUuid = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.uuid({ error: 'must be a UUID' }));

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

/**
 * A phone's id in a path or query (issue 32): its UUID, as Tedee types mobile ids, or the number
 * of a phone registered before ids were UUIDs (a client may still hold one). Numbers come out as
 * numbers, UUIDs as lower-case strings.
 */
export const mobileRef = () =>
  z
    .string({ error: 'must be a mobile id' })
    .trim()
    .regex(
      /^([0-9]{1,10}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/,
      'must be a mobile id (a UUID, or the number of a phone registered earlier)',
    )
    .transform((s) => (/^[0-9]+$/.test(s) ? Number(s) : s.toLowerCase()))
    .refine((v) => typeof v === 'string' || (v > 0 && v <= 2147483647), 'must be a positive number');
