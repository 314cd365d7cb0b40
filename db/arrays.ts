import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

const element = (v: string | number | boolean | null): string =>
  v === null
    ? 'NULL'
    : typeof v === 'number' || typeof v === 'boolean'
      ? String(v)
      : `"${v.replace(/["\\]/g, '\\$&')}"`;

/**
 * A Postgres array literal (`{1,"a \"b\"",NULL}`), bound as one parameter: numbers as they are,
 * booleans as true/false, text quoted (quotes, backslashes, commas and braces are values, not
 * syntax), null as NULL.
 */
export const arrayLiteral = (values: readonly (string | number | boolean | null)[]): string =>
  `{${values.map(element).join(',')}}`;

/** The element types lists are bound as (a fixed set: the type is written into the statement). */
export type ArrayType = 'int' | 'text' | 'uuid' | 'timestamp(3)' | 'bool';

/**
 * `$1::type[]`: a list as one array parameter where the statement wants the array itself, such as
 * a many-row insert's `select * from unnest($1::int[], $2::text[], ...)` (the demo activity): a few
 * parameters instead of one per value. Nulls stay NULL.
 */
export const arrayOf = (type: ArrayType, values: readonly (string | number | boolean | null)[]): SQL =>
  sql`${arrayLiteral(values)}::${sql.raw(type)}[]`;

/**
 * `column = any($1::int[])`: a list of ids bound as one array parameter, however long it is.
 * drizzle's `inArray` binds one parameter per id, and a statement of 10,000 parameters took ~1.9 s
 * to build and bind (the link picker of a big organization, docs/performance.md) where the same
 * statement with one array ran in 18 ms.
 */
export const anyInt = (column: SQLWrapper, ids: readonly number[]): SQL =>
  sql`${column} = any(${arrayLiteral(ids.map((id) => Math.trunc(Number(id))))}::int[])`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `column = any($1::uuid[])`, as `anyInt`; a value that is not a uuid is refused (a programming error). */
export const anyUuid = (column: SQLWrapper, ids: readonly string[]): SQL => {
  const bad = ids.find((id) => !UUID.test(id));
  if (bad !== undefined) throw new Error(`anyUuid: not a uuid: ${JSON.stringify(bad.slice(0, 40))}`);
  return sql`${column} = any(${arrayLiteral(ids)}::uuid[])`;
};

/** `column = any($1::text[])`, as `anyInt`, each value quoted as an array element. */
export const anyText = (column: SQLWrapper, values: readonly string[]): SQL =>
  sql`${column} = any(${arrayLiteral(values)}::text[])`;

/**
 * An array column read through `db.execute` (raw rows): postgres.js hands it over as an array,
 * PGlite for some types as its literal (`{a,b}`); elements here are ids and uuids (no quoting).
 */
export function arrayFromDb(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map(String);
  return String(value)
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}
