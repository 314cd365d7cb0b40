import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { config } from '@/lib/config';
import { onPostgres } from '@/tests/support/config';
import { namePlainQueries, prepareRepeatedQueries } from './named-statements';

// The named-statement layer under every PGlite query with parameters: the same answers as
// PGlite's own path, errors that leave it usable, its locks kept, and a bounded cache.
describe('PGlite named statements', () => {
  let pg: PGlite;
  let plain: PGlite;
  const named = async () =>
    (await pg.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name);

  beforeAll(async () => {
    pg = new PGlite('memory://');
    plain = new PGlite('memory://');
    await Promise.all([pg.waitReady, plain.waitReady]);
    prepareRepeatedQueries(pg, 3);
    for (const db of [pg, plain]) {
      await db.exec(`create table t (id int primary key, at timestamptz, tags text[], doc jsonb, u uuid);
        insert into t values (1, '2026-11-22T10:15:30.123Z', '{a,"b c"}', '{"x": [1, 2]}', 'a6b77129-024c-440b-9bf8-6059e03119d2'), (2, null, '{}', null, null);`);
    }
  });
  afterAll(async () => {
    await pg.close();
    await plain.close();
  });

  it('answers exactly as PGlite itself, in every row mode, for values of every kind', async () => {
    const q =
      'select * from t where id = any($1::int[]) and (tags && $2 or $3::jsonb is not null or $4::timestamptz is not null) order by id';
    const params = [[1, 2], ['b c'], JSON.stringify({ y: 1 }), new Date('2026-01-01T00:00:00Z')];
    for (const rowMode of ['object', 'array'] as const) {
      const a = await pg.query(q, params, { rowMode });
      const b = await plain.query(q, params, { rowMode });
      expect(a.rows).toEqual(b.rows);
      expect(a.fields).toEqual(b.fields);
    }
    // the second run binds the kept statement
    expect((await pg.query(q, params)).rows).toEqual((await plain.query(q, params)).rows);
    expect(await named()).toHaveLength(1);
  });

  it('reports errors as PGlite does and stays usable: a bad statement is not kept, a bad value not poisoned', async () => {
    await expect(pg.query('select nope from t where id = $1', [1])).rejects.toMatchObject({ code: '42703' });
    await expect(pg.query('select id from t where u = $1', ['not-a-uuid'])).rejects.toMatchObject({ code: '22P02' });
    expect((await pg.query('select id from t where u = $1', ['a6b77129-024c-440b-9bf8-6059e03119d2'])).rows).toEqual([
      { id: 1 },
    ]);
    const texts = (await pg.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
      (r) => r.statement,
    );
    expect(texts.some((t) => t.includes('nope'))).toBe(false);
  });

  it('waits for a transaction in progress instead of running inside it', async () => {
    const order: string[] = [];
    const tx = pg.transaction(async (t) => {
      await t.query('update t set id = 10 where id = $1', [2]);
      await new Promise((r) => setTimeout(r, 50));
      order.push('tx');
      await t.rollback();
    });
    const read = pg.query<{ n: number }>('select count(*)::int as n from t where id = $1', [10]).then((r) => {
      order.push('read');
      return r.rows[0].n;
    });
    await tx.catch(() => undefined);
    expect(await read).toBe(0); // never saw the rolled back row
    expect(order).toEqual(['tx', 'read']);
  });

  it('names the queries of a transaction too, inside it: they see its writes, a rollback undoes them, a failure ends it', async () => {
    const insert = 'insert into t (id, tags) values ($1, $2) returning id';
    const count = 'select count(*)::int as n from t where id = $1';
    await pg.transaction(async (tx) => {
      await tx.query(insert, [20, ['x']]);
      expect((await tx.query<{ n: number }>(count, [20])).rows).toEqual([{ n: 1 }]);
      const texts = (await tx.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
        (r) => r.statement,
      );
      expect(texts).toContain(insert);
      await tx.rollback();
    });
    expect((await pg.query<{ n: number }>(count, [20])).rows).toEqual([{ n: 0 }]);
    await expect(
      pg.transaction(async (tx) => {
        await tx.query(insert, [21, ['y']]);
        await tx.query(insert, [21, ['y']]); // duplicate key: the transaction is rolled back
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await pg.query<{ n: number }>(count, [21])).rows).toEqual([{ n: 0 }]);
    await pg.transaction(async (tx) => {
      await tx.query(insert, [22, ['z']]);
    });
    expect((await pg.query<{ n: number }>(count, [22])).rows).toEqual([{ n: 1 }]);
    await pg.query('delete from t where id = $1', [22]);
  });

  it('keeps at most the given number of statements, closing the least recently used', async () => {
    const texts = [0, 1, 2, 3, 4].map((i) => `select id, ${i} as k from t where id = $1`);
    for (const text of texts) await pg.query(text, [1]);
    const kept = await named();
    expect(kept).toHaveLength(3);
    // the oldest were closed; running one again prepares it anew and still answers
    expect((await pg.query<{ k: number }>(texts[0], [1])).rows).toEqual([{ id: 1, k: 0 }]);
    expect(await named()).toHaveLength(3);
  });
});

// The postgres.js side: queries with parameters become named statements, in a transaction and in
// a savepoint of it as well (they run on an `sql` of their own).
describe.runIf(onPostgres())('postgres.js named statements', () => {
  let sql: postgres.Sql;
  beforeAll(() => {
    sql = postgres(config().DATABASE_URL!, { max: 1, onnotice: () => {} });
    namePlainQueries(sql);
  });
  afterAll(async () => {
    await sql.end({ timeout: 5 });
  });
  const kept = async (q: postgres.TransactionSql) =>
    (await q.unsafe<Array<{ statement: string }>>('select statement from pg_prepared_statements')).map(
      (r) => r.statement,
    );

  it('names a query with parameters outside, inside a transaction and inside a savepoint; long lists stay unnamed', async () => {
    await sql.unsafe('select $1::int as outside', [1]);
    const long = Array.from({ length: 40 }, (_, i) => i);
    await sql.unsafe(`select 1 as long where 1 in (${long.map((_, i) => `$${i + 1}::int`).join(',')})`, long);
    const seen = await sql.begin(async (tx) => {
      expect(await tx.unsafe('select $1::int as inside', [2])).toEqual([{ inside: 2 }]);
      await tx.savepoint(async (sp) => {
        await sp.unsafe('select $1::int as nested', [3]);
      });
      return kept(tx);
    });
    for (const name of ['outside', 'inside', 'nested']) expect(seen.some((t) => t.includes(`as ${name}`))).toBe(true);
    expect(seen.some((t) => t.includes('as long'))).toBe(false);
  });
});
