import { getTableColumns, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** The row drizzle's select of `C` gives (a nullable column's value may be null). */
export type Selected<C extends Record<string, Column>> = {
  [K in keyof C]: C[K]['_']['notNull'] extends true ? C[K]['_']['data'] : C[K]['_']['data'] | null;
};

/**
 * `tableRow` for some columns (of one or more tables, their names apart): the row drizzle's select
 * of `fields` would give, from a raw row keyed by column name.
 */
export function columnsRow<C extends Record<string, Column>>(fields: C): (raw: Record<string, unknown>) => Selected<C> {
  const columns = Object.entries(fields).map(([key, column]) => ({ key, name: column.name, column }));
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const { key, name, column } of columns) {
      const value = raw[name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as Selected<C>;
  };
}

/**
 * Maps a row of `table` as the driver returns it from `db.execute` (keyed by column name) to the
 * row drizzle's select would give, with each column's own conversion (instants to Dates, json).
 * For reads of many rows: drizzle's generic mapping checks every field's kind on every row, which
 * for a thousand devices of forty columns was the largest cost of `/my/device/details`.
 */
export function tableRow<T extends PgTable>(table: T): (raw: Record<string, unknown>) => T['$inferSelect'] {
  return columnsRow(getTableColumns(table)) as (raw: Record<string, unknown>) => T['$inferSelect'];
}
