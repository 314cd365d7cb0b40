import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { anyInt, anyText, anyUuid, arrayOf } from './arrays';
import { closeDb, getDb, rowsOf } from './client';

// Lists bound as one array parameter (db/arrays.ts): the same rows as a list of parameters would
// give, for an empty list, odd text and a list of 10,000 ids (the big organization's link picker).
describe('lists as one array parameter', () => {
  afterAll(() => closeDb());

  const pick = async (where: ReturnType<typeof anyInt>, values: string) => {
    const db = await getDb();
    return rowsOf<{ v: unknown }>(
      await db.execute(sql`select v from (values ${sql.raw(values)}) as t(v) where ${where} order by 1`),
    ).map((r) => r.v);
  };

  it('numbers: the listed ones, none for an empty list, 10,000 of them bound as one parameter', async () => {
    expect(await pick(anyInt(sql`v`, [3, 1]), '(1),(2),(3)')).toEqual([1, 3]);
    expect(await pick(anyInt(sql`v`, []), '(1),(2)')).toEqual([]);
    const many = Array.from({ length: 10_000 }, (_, i) => i * 2);
    expect(await pick(anyInt(sql`v`, many), '(4),(5),(19998),(20000)')).toEqual([4, 19998]);
    expect(anyInt(sql`v`, many).queryChunks.filter((c) => typeof c === 'string').length).toBe(1);
  });

  it('text: quotes, backslashes, commas and braces are values, not syntax', async () => {
    const odd = ['a "b"', 'c\\d', 'e,f', '{g}', 'NULL'];
    const rows = `('a "b"'),('c\\d'),('e,f'),('{g}'),('NULL'),('other')`;
    expect(await pick(anyText(sql`v`, odd), rows)).toEqual([...odd].sort());
  });

  it('uuids: the listed ones; something else is refused before it reaches the database', async () => {
    const a = 'a6b77129-024c-440b-9bf8-6059e03119d2';
    const b = '0b6d33ab-7a7e-4b0e-8e15-2d0a2f8e8f10';
    expect(await pick(anyUuid(sql`v`, [a]), `('${a}'::uuid),('${b}'::uuid)`)).toEqual([a]);
    expect(() => anyUuid(sql`v`, [a, `x}','{`])).toThrow(/not a uuid/);
  });

  it('arrays for unnest: one parameter a column; nulls stay NULL, text is quoted, the word NULL is text', async () => {
    const db = await getDb();
    const a = 'a6b77129-024c-440b-9bf8-6059e03119d2';
    const ints = arrayOf('int', [1, null, 3]);
    const rows = rowsOf<{ n: number | null; s: string | null; u: string | null; d: string | null }>(
      await db.execute(sql`
        select n, s, u, d::text as d from unnest(
          ${ints}, ${arrayOf('text', ['a "b"', null, 'NULL'])}, ${arrayOf('uuid', [a, null, null])},
          ${arrayOf('timestamp(3)', ['2026-01-02 03:04:05.678', null, null])}) as t(n, s, u, d)
        order by n nulls last`),
    );
    expect(rows).toEqual([
      { n: 1, s: 'a "b"', u: a, d: '2026-01-02 03:04:05.678' },
      { n: 3, s: 'NULL', u: null, d: null },
      { n: null, s: null, u: null, d: null },
    ]);
    expect(ints.queryChunks.filter((c) => typeof c === 'string')).toEqual(['{1,NULL,3}']);
  });
});
