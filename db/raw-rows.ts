import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Maps a row of `table` as the driver returns it from `db.execute` (keyed by column name) to the
 * row drizzle's select would give, with each column's own conversion (instants to Dates, json).
 * For reads of many rows: drizzle's generic mapping checks every field's kind on every row, which
 * for a thousand devices of forty columns was the largest cost of `/my/device/details`.
 */
export function tableRow<T extends PgTable>(table: T): (raw: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, name: column.name, column }));
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const { key, name, column } of columns) {
      const value = raw[name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };
}
