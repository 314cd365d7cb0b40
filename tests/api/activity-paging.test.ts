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
    const dates = await bulkActivity(lock.id, 10_000, newest, [
      null,
      { id: owner.id, numId: owner.numId, displayName: owner.displayName },
    ]);
    const gaps = dates.slice(1).map((d, i) => dates[i].getTime() - d.getTime());
    expect(gaps).toContain(1); // some entries only 1 ms apart
    const seen = new Set<number>();
    let cursor = '';
    let pages = 0;
    for (;;) {
      const q = cursor ? `&lastElemDate=${cursor}` : '';
      const res = await api('GET', `/api/v37/my/deviceactivity?deviceId=${lock.id}&elements=200${q}`, {
        key: owner.key,
      });
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

    // the CSV export pages internally (1,000 at a time) over the same entries
    const csv = await api('GET', `/api/v37/my/deviceactivity/export?deviceId=${lock.id}`, { key: owner.key });
    const ids = csv.text
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => Number(l.split(',')[0]));
    expect(ids).toHaveLength(10_000);
    expect(new Set(ids).size).toBe(10_000);
  }, 180_000);

  it('across devices whose entries share dates, the id cursor keeps paging exact', async () => {
    const owner = await createUser();
    const [a, b] = [await createLock(), await createLock()];
    await grantUser(a.id, owner.id, 2);
    await grantUser(b.id, owner.id, 2);
    const newest = new Date('2026-07-01T12:00:00.000Z');
    await bulkActivity(a.id, 300, newest);
    await bulkActivity(b.id, 300, newest); // the very same dates on the other device
    const seen = new Set<number>();
    let cursor = '';
    for (let guard = 0; guard < 100; guard++) {
      const res = await api('GET', `/api/v37/my/deviceactivity?elements=200${cursor}`, { key: owner.key });
      const items = res.json.result as { id: number; date: string; deviceId: number }[];
      if (!items.length) break;
      for (const it of items) {
        expect(seen.has(it.id)).toBe(false);
        seen.add(it.id);
      }
      const last = items[items.length - 1];
      cursor = `&lastElemDate=${last.date}&lastElemId=${last.id}`;
    }
    expect(seen.size).toBe(600);
  }, 120_000);
});
