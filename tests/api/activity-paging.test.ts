import { describe, expect, it } from 'vitest';
import { createLock, createUser, grantUser } from '../support/factories/core';
import { bulkActivity } from '../support/factories/access';
import { api } from '../support/router';

describe('activity paging with the date cursor', () => {
  it('pages through 10,000 entries, 200 at a time, getting each exactly once', async () => {
    const owner = await createUser();
    const lock = await createLock();
    await grantUser(lock.id, owner.id, 2);
    const newest = new Date('2026-06-01T12:00:00.000Z');
    const dates = await bulkActivity(lock.id, 10_000, newest, [null, { id: owner.id, numId: owner.numId, displayName: owner.displayName }]);
    const gaps = dates.slice(1).map((d, i) => dates[i].getTime() - d.getTime());
    expect(gaps).toContain(1); // some entries only 1 ms apart
    const seen = new Set<number>();
    let cursor = '';
    let pages = 0;
    for (;;) {
      const q = cursor ? `&lastElemDate=${cursor}` : '';
      const res = await api('GET', `/api/v37/my/deviceactivity?deviceId=${lock.id}&elements=200${q}`, { key: owner.key });
      expect(res.status).toBe(200);
      const items = res.json.result as { id: number; date: string }[];
      if (!items.length) break;
      pages++;
      for (const [i, it] of items.entries()) {
        expect(seen.has(it.id)).toBe(false);
        seen.add(it.id);
        if (i) expect(it.date < items[i - 1].date).toBe(true);
      }
      cursor = items[items.length - 1].date;
    }
    expect(pages).toBe(50);
    expect(seen.size).toBe(10_000);
  }, 180_000);
});
