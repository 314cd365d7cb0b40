import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * `column = any($1::int[])`: a list of ids bound as one array parameter, however long it is.
 * drizzle's `inArray` binds one parameter per id, and a statement of 10,000 parameters took ~1.9 s
 * to build and bind (the link picker of a big organization, docs/performance.md) where the same
 * statement with one array ran in 18 ms. Ids are numbers, so the literal needs no quoting.
 */
export const anyInt = (column: SQLWrapper, ids: readonly number[]): SQL =>
  sql`${column} = any(${`{${ids.map((id) => Math.trunc(Number(id))).join(',')}}`}::int[])`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `column = any($1::uuid[])`, as `anyInt`; a value that is not a uuid is refused (a programming error). */
export const anyUuid = (column: SQLWrapper, ids: readonly string[]): SQL => {
  const bad = ids.find((id) => !UUID.test(id));
  if (bad !== undefined) throw new Error(`anyUuid: not a uuid: ${JSON.stringify(bad.slice(0, 40))}`);
  return sql`${column} = any(${`{${ids.join(',')}}`}::uuid[])`;
};

/** `column = any($1::text[])`, as `anyInt`, each value quoted as an array element. */
export const anyText = (column: SQLWrapper, values: readonly string[]): SQL =>
  sql`${column} = any(${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[])`;
