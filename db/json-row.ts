import { sql, type Column, type SQL } from 'drizzle-orm';
import type { Selected } from './raw-rows';

/** A json column's value: PGlite hands json back as text, postgres.js parses it. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export interface JsonRow<R> {
  sql: SQL<unknown>;
  decode: (value: unknown) => R;
}

/**
 * Some columns (of one or more tables) as one json object under the given names, and the decoder
 * that turns it back into the row drizzle itself would return (instants become Dates again). For
 * statements that must stay one row per outer row, such as a device's candidate accesses.
 */
export function columnsAsJson<C extends Record<string, Column>>(
  fields: C,
  /** expressions under further names (not decoded: json values as they are) */
  extra: Record<string, SQL> = {},
): JsonRow<Selected<C>> {
  const columns = Object.entries(fields);
  const pairs = sql.join(
    [
      ...columns.map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
      ...Object.entries(extra).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    ],
    sql`, `,
  );
  const instants = columns.filter(([, column]) => column.dataType === 'date').map(([key]) => key);
  return {
    sql: sql<unknown>`json_build_object(${pairs})`,
    decode(value) {
      const row = jsonValue<Record<string, unknown>>(value);
      for (const key of instants) if (row[key] !== null) row[key] = new Date(row[key] as string);
      return row as never;
    },
  };
}

/**
 * The rows of `rows` (a parenthesized select whose column names are the API's field names) as the
 * text of one compact json array, in the select's own order: for lists answered as they are
 * (JsonText). row_to_json writes no spaces, where json_build_object and json_agg write ` : ` and
 * `, ` (10-16 % of a list's bytes); it is also cheaper to build. A select's order feeding an
 * aggregate directly is kept by Postgres (the documented way to order an aggregate's input).
 */
export const jsonArrayText = (rows: SQL) =>
  sql<string>`(select '[' || coalesce(string_agg(row_to_json(r)::text, ','), '') || ']' from ${rows} r)`;
