import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { atomically, dbKind, getDb } from './client';
import { rateLimits } from './schema';

const row = async (key: string) => (await (await getDb()).select().from(rateLimits).where(eq(rateLimits.key, key)))[0];
const insert = (db: Awaited<ReturnType<typeof getDb>>, key: string) =>
  db.insert(rateLimits).values({ key, windowStart: new Date(), count: 1 });

// db/client.ts atomically: a report's unit of work (lib/domain/devices/reports/shared.ts clashSafe)
describe('atomically', () => {
  it('on its own, a transaction: work that fails leaves nothing', async () => {
    const key = `atomic-${randomUUID()}`;
    await expect(
      atomically(await getDb(), async (tx) => {
        await insert(tx, key);
        throw new Error('failed halfway');
      }),
    ).rejects.toThrow('failed halfway');
    expect(await row(key)).toBeUndefined();
  });

  it('inside a transaction: no savepoint on PGlite (nothing can come between), one on Postgres; a failure undoes the caller’s work too', async () => {
    const db = await getDb();
    const key = `atomic-${randomUUID()}`;
    let savepoints = 0;
    await db.transaction(async (tx) => {
      const spy = vi.spyOn(tx, 'transaction');
      await atomically(tx, (inner) => insert(inner, key));
      savepoints = spy.mock.calls.length;
    });
    expect(savepoints).toBe((await dbKind()) === 'pglite' ? 0 : 1);
    expect(await row(key)).toBeDefined();

    const other = `atomic-${randomUUID()}`;
    await expect(
      db.transaction(async (tx) => {
        await insert(tx, other);
        await atomically(tx, async (inner) => {
          await inner.execute(sql`update rate_limits set count = 2 where key = ${other}`);
          throw new Error('failed inside');
        });
      }),
    ).rejects.toThrow('failed inside');
    expect(await row(other)).toBeUndefined();
  });
});
