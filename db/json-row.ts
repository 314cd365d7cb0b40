import { getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A row of `table` as one json object under drizzle's field names, and the decoder that turns it
 * back into the row drizzle itself would return (instants become Dates again). For reads of many
 * rows: the driver and drizzle then map one value per row instead of every field, which for a
 * thousand devices of forty columns is most of the read.
 */
export function rowAsJson<T extends PgTable>(table: T): JsonRow<T['$inferSelect']> {
  return columnsAsJson(getTableColumns(table)) as JsonRow<T['$inferSelect']>;
}

/** A json column's value: PGlite hands json back as text, postgres.js parses it. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export interface JsonRow<R> {
  sql: SQL<unknown>;
  decode: (value: unknown) => R;
}

/** `rowAsJson` for some columns (of one or more tables) under the given names. */
export function columnsAsJson<C extends Record<string, Column>>(fields: C): JsonRow<{ [K in keyof C]: C[K]['_']['notNull'] extends true ? C[K]['_']['data'] : C[K]['_']['data'] | null }> {
  const columns = Object.entries(fields);
  const pairs = sql.join(
    columns.map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
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
