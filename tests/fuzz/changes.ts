import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';

/**
 * What a request changed in the database, counted rather than assumed: a row trigger on every
 * table of the app writes the table's name and the operation into `fuzz_changes` (a table of the
 * test's own database, never of the app's schema), so after each request the test reads exactly
 * which rows it inserted, updated or deleted. Checksums of whole tables back it up per batch.
 */
export async function installChangeLog(db: Db): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      // a partition (the activity log's months) is logged through its table: its trigger is the table's
      sql`select table_name as name from information_schema.tables t where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'fuzz_changes'
            and not exists (select 1 from pg_inherits i join pg_class c on c.oid = i.inhrelid where c.relname = t.table_name) order by 1`,
    ),
  ).map((t) => t.name);
  await db.execute(
    sql.raw(
      `create table if not exists fuzz_changes (seq bigserial primary key, tbl text not null, op text not null, row_data text, cols text)`,
    ),
  );
  // a database kept from a run before the column
  await db.execute(sql.raw('alter table fuzz_changes add column if not exists cols text'));
  await db.execute(
    sql.raw(`create or replace function fuzz_log() returns trigger language plpgsql as $$
      begin
        insert into fuzz_changes (tbl, op, row_data, cols) values (
          coalesce((select p.relname from pg_inherits i join pg_class p on p.oid = i.inhparent where i.inhrelid = tg_relid), tg_table_name),
          tg_op, left(coalesce(row_to_json(new), row_to_json(old))::text, 400),
          -- an update's changed columns, by name
          case when tg_op = 'UPDATE' then (select string_agg(n.key, ',' order by n.key) from jsonb_each(to_jsonb(new)) n
            where n.value is distinct from to_jsonb(old) -> n.key) end);
        return null;
      end $$`),
  );
  for (const t of tables) {
    await db.execute(sql.raw(`drop trigger if exists fuzz_log on "${t}"`));
    await db.execute(
      sql.raw(
        `create trigger fuzz_log after insert or update or delete on "${t}" for each row execute function fuzz_log()`,
      ),
    );
  }
  return tables;
}

export interface Change {
  tbl: string;
  op: string;
  row: string;
  /** an update's changed columns, comma-separated by name */
  cols: string | null;
}

/** The changes logged since the last call, and the log emptied. */
export async function takeChanges(db: Db): Promise<Change[]> {
  const rows = rowsOf<{ tbl: string; op: string; row_data: string; cols: string | null }>(
    await db.execute(sql.raw('delete from fuzz_changes returning tbl, op, row_data, cols')),
  );
  return rows.map((r) => ({ tbl: r.tbl, op: r.op, row: r.row_data, cols: r.cols }));
}

/** Row count and a checksum of every row of each table (order-independent), `stamps`' column of a table left out. */
export async function checksums(
  db: Db,
  tables: string[],
  stamps: Record<string, string> = {},
): Promise<Record<string, string>> {
  const q = tables
    .map((t) => {
      const row = stamps[t] ? `(to_jsonb(x) - '${stamps[t]}')::text` : 'x::text';
      return `select '${t}' as t, count(*)::text || ':' || coalesce(md5(string_agg(md5(${row}), '' order by md5(${row}))), '') as c from "${t}" x`;
    })
    .join(' union all ');
  const rows = rowsOf<{ t: string; c: string }>(await db.execute(sql.raw(q)));
  return Object.fromEntries(rows.map((r) => [r.t, r.c]));
}

export function diffChecksums(a: Record<string, string>, b: Record<string, string>, ignore: Set<string>): string[] {
  return Object.keys({ ...a, ...b }).filter((t) => !ignore.has(t) && a[t] !== b[t]);
}
