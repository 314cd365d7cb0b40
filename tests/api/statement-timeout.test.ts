import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setConfig, onPostgres } from '@/tests/support/config';
import { closeDb, getDb } from '@/db/client';
import { errorResponse } from '@/lib/http/errors';

// DB_STATEMENT_TIMEOUT_MS (issue 34): on Postgres no statement of the server's pool runs past it (a
// slow read its client gave up on kept the shared database busy for minutes); the request answers
// 503 with Retry-After and the request id. A transaction that means to be long lifts it for itself
// (the activity log's monthly pass). The embedded database has one process and no such limit.
const pg = onPostgres();

beforeAll(async () => {
  await closeDb();
  setConfig({ DB_STATEMENT_TIMEOUT_MS: '300' }); // read when the pool opens; put back after the file
});
afterAll(async () => {
  await closeDb();
});

describe('the statement timeout', () => {
  it(
    pg ? 'stops a statement that runs past it; the answer is 503 with Retry-After' : 'PGlite: no limit applies',
    async () => {
      const db = await getDb();
      const started = Date.now();
      const slow = db.execute(sql`select pg_sleep(${pg ? 1.5 : 0.4})`);
      if (!pg) {
        await expect(slow).resolves.toBeDefined();
        return;
      }
      const e = await slow.then(
        () => undefined,
        (x: unknown) => x,
      );
      expect(e, 'the sleep was not stopped').toBeDefined();
      expect(Date.now() - started).toBeLessThan(1_400);
      const res = errorResponse(e, 'req-1');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(res.headers.get('x-request-id')).toBe('req-1');
      const body = await res.json();
      expect(body.success).toBe(false);
      expect(body.errorMessages[0]).toMatch(/took too long and was stopped.*Request id: req-1/);
      // the pool is fine afterwards
      await expect(db.execute(sql`select 1`)).resolves.toBeDefined();
    },
  );

  it('a transaction that sets it to 0 for itself runs as long as it needs', async () => {
    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`select pg_sleep(0.6)`);
    });
  });

  it('Postgres stopping a statement (SQLSTATE 57014, wrapped as drizzle wraps it) is a 503, not a 500', async () => {
    const wrapped = Object.assign(new Error('Failed query: select ...'), {
      cause: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    });
    expect(errorResponse(wrapped, 'req-2').status).toBe(503);
    expect(errorResponse(Object.assign(new Error('dup'), { code: '23505' }), 'req-3').status).toBe(500);
  });
});
