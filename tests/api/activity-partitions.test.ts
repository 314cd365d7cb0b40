import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { setConfig } from '@/tests/support/config';
import { closeDb, rowsOf } from '@/db/client';
import { MONTHS_AHEAD, maintainActivityPartitions, type PartitionPass } from '@/lib/domain/activity/partitions';
import { recordActivity } from '@/lib/domain/activity/record';
import { bulkActivity } from '../support/factories/access';
import { createLock, createUser, db, grantUser } from '../support/factories/core';
import { api } from '../support/router';

// Issue 34: the activity log is partitioned by month (migration 0022). A pass moves and drops whole
// months of every device, so on Postgres this file has a database of its own (the other files share
// one); PGlite gives every file its own anyway.
const shared = config().DATABASE_URL;
const own = `partitions_${process.pid}`;
const admin = () => {
  const url = new URL(shared!);
  url.pathname = '/postgres';
  return postgres(url.toString(), { max: 1, onnotice: () => {} });
};

beforeAll(async () => {
  if (!shared) return;
  const a = admin();
  await a.unsafe(`drop database if exists "${own}" with (force)`);
  await a.unsafe(`create database "${own}"`);
  await a.end();
  await closeDb();
  const url = new URL(shared);
  url.pathname = `/${own}`;
  setConfig({ DATABASE_URL: url.toString() }); // the next getDb() opens and migrates it; put back after the file
});

afterAll(async () => {
  if (!shared) return;
  await closeDb();
  const a = admin();
  await a.unsafe(`drop database if exists "${own}" with (force)`);
  await a.end();
});

/** The first of the month `k` months from this one, plus `days` and `ms`, UTC. */
const month = (k: number, days = 0, ms = 0) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + k, 1 + days) + ms);
};
const part = (k: number) => {
  const d = month(k);
  return `device_activity_p${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** Which partition holds each entry of a device. */
async function homes(deviceId: number): Promise<Record<string, number>> {
  const rows = rowsOf<{ part: string; n: number }>(
    await (await db()).execute(
      sql`select tableoid::regclass::text as part, count(*)::int as n from device_activity where device_id = ${deviceId} group by 1`,
    ),
  );
  return Object.fromEntries(rows.map((r) => [r.part, r.n]));
}

async function months(): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await (await db()).execute(
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'device_activity'::regclass order by 1`,
    ),
  ).map((r) => r.name);
}

async function owner() {
  const user = await createUser();
  const lock = await createLock();
  await grantUser(lock.id, user.id, 2);
  return { user, lock };
}

async function listed(deviceId: number, key: string, cursor = ''): Promise<{ id: number; date: string }[]> {
  const q = cursor ? `&lastElemDate=${cursor}` : '';
  const res = await api('GET', `/api/v37/my/deviceactivity?deviceId=${deviceId}&elements=200${q}`, { key });
  expect(res.status).toBe(200);
  return res.json.result as { id: number; date: string }[];
}

describe('the activity log by month', () => {
  it('a new database has this month and the next three, with before and after around them', async () => {
    expect(await months()).toEqual(
      [part(0), part(1), part(2), part(3), 'device_activity_after', 'device_activity_before'].sort(),
    );
    expect(MONTHS_AHEAD).toBe(3);
  });

  it('history written late waits in before and moves into months of its own; paging stays exact across the move', async () => {
    const { user, lock } = await owner();
    // 600 entries from the 1st of three months ago, 00:02:30, back across midnight into the month before
    const written = await bulkActivity(lock.id, 600, month(-3, 0, 150_000));
    const later = written.filter((d) => d >= month(-3)).length;
    expect(later).toBeGreaterThan(100);
    expect(await homes(lock.id)).toEqual({ device_activity_before: 600 });

    const seen = new Map<number, string>();
    const page = async (cursor: string) => {
      const items = await listed(lock.id, user.key, cursor);
      for (const it of items) {
        expect(seen.has(it.id)).toBe(false);
        seen.set(it.id, it.date);
      }
      return items.length ? items[items.length - 1].date : '';
    };
    let cursor = await page('');
    // the pass runs between two pages: the entries move, their ids and dates do not
    const pass = await maintainActivityPartitions(await db(), new Date(), 0);
    expect(pass).toEqual({ made: 4, dropped: 0, purged: 0 }); // four months ago to one month ago
    expect(await homes(lock.id)).toEqual({ [part(-4)]: 600 - later, [part(-3)]: later });
    while (cursor) cursor = await page(cursor);
    expect(seen.size).toBe(600);
    const dates = [...seen.values()];
    expect(dates).toEqual([...dates].sort().reverse());

    // safe to repeat: nothing left to make, move or drop
    expect(await maintainActivityPartitions(await db(), new Date(), 0)).toEqual({ made: 0, dropped: 0, purged: 0 });
    // a new entry dated in the older month lands after the device's newest one, as before
    await recordActivity(await db(), { deviceId: lock.id, event: 32, source: 1, at: month(-4, 3) });
    expect(await homes(lock.id)).toEqual({ [part(-4)]: 600 - later, [part(-3)]: later + 1 });
  });

  it("an entry dated beyond the months ahead (a device's clock) waits in after and moves into its month when that comes near", async () => {
    const { lock } = await owner();
    await recordActivity(await db(), { deviceId: lock.id, event: 32, source: 1, at: month(6, 2) });
    expect(await homes(lock.id)).toEqual({ device_activity_after: 1 });
    const pass = await maintainActivityPartitions(await db(), month(3, 5), 0);
    expect(pass.made).toBe(3); // months +4 to +6
    expect(await homes(lock.id)).toEqual({ [part(6)]: 1 });
  });

  it('months past the retention are dropped whole and older rows in before deleted; the API no longer lists them', async () => {
    const { user, lock } = await owner();
    await bulkActivity(lock.id, 4, month(-2, 9));
    await bulkActivity(lock.id, 6, month(-1, 9));
    const first = (await months()).find((m) => /_p\d{6}$/.test(m))!;
    expect(first).toBe(part(-4));
    expect(await homes(lock.id)).toEqual({ [part(-2)]: 4, [part(-1)]: 6 });
    // an entry older than every month (written late), and past the retention below
    await bulkActivity(lock.id, 1, month(-9, 3));
    expect((await homes(lock.id)).device_activity_before).toBe(1);
    expect(await listed(lock.id, user.key)).toHaveLength(11);

    // keeping one whole month: last month and this one
    const pass = await maintainActivityPartitions(await db(), new Date(), 1);
    expect(pass).toEqual({ made: 0, dropped: 3, purged: 1 }); // four, three and two months ago
    expect(await homes(lock.id)).toEqual({ [part(-1)]: 6 });
    const left = await listed(lock.id, user.key);
    expect(left).toHaveLength(6);
    expect(left.every((e) => e.date >= month(-1).toISOString().slice(0, 10))).toBe(true);
    expect((await months()).filter((m) => /_p\d{6}$/.test(m))[0]).toBe(part(-1));
    // before now ends where the months begin: an entry of two months ago waits there, and goes
    await bulkActivity(lock.id, 1, month(-2, 1));
    expect((await homes(lock.id)).device_activity_before).toBe(1);
    expect(await maintainActivityPartitions(await db(), new Date(), 1)).toEqual({ made: 0, dropped: 0, purged: 1 });
  });

  it('passes of several processes at once take turns with each other and with writers: none fails', async () => {
    const { lock } = await owner();
    const others = await Promise.all(Array.from({ length: 10 }, () => createLock()));
    await bulkActivity(lock.id, 10, month(-8, 0, 3000));
    const d = await db();
    // writers meanwhile (a writer and a pass once deadlocked on Postgres: the pass held a
    // partition and waited for the log, the writer the other way round)
    const writes = Array.from({ length: 30 }, (_, i) =>
      recordActivity(d, { deviceId: others[i % 10].id, event: 32, source: 1, at: month(-9 + (i % 12), 3) }),
    );
    const passes = await Promise.all([0, 1, 2].map(() => maintainActivityPartitions(d, new Date(), 0)));
    await Promise.all(writes);
    expect(passes.reduce((n, p) => n + p.made, 0)).toBeGreaterThanOrEqual(2);
    for (const o of others) expect(Object.values(await homes(o.id)).reduce((a, b) => a + b, 0)).toBe(3);
    expect(Object.keys(await homes(lock.id)).sort()).toEqual([part(-9), part(-8)].sort());
  });

  it("an entry for a device that is not there is refused as by a key; deleting devices deletes their entries (migration 0031's triggers)", async () => {
    const { lock } = await owner();
    const other = await createLock();
    await bulkActivity(lock.id, 5, month(-1, 2));
    await bulkActivity(other.id, 3, month(0, 0, 60_000));
    const d = await db();
    const [{ id }] = rowsOf<{ id: number }>(
      await d.execute(sql`select coalesce(max(id), 0) + 1000 as id from devices`),
    );
    const refused = await recordActivity(d, { deviceId: id, event: 32, source: 1, at: new Date() }).then(
      () => null,
      (e: unknown) => e as { code?: string; cause?: { code?: string } },
    );
    expect(refused?.code ?? refused?.cause?.code).toBe('23503');
    expect(await homes(id)).toEqual({});
    await d.execute(sql`delete from devices where id in (${lock.id}, ${other.id})`);
    expect(await homes(lock.id)).toEqual({});
    expect(await homes(other.id)).toEqual({});
  });
});

// The soak of 2026-12-02: a pass that had work held the log and then asked for `devices` (a
// partition's detach and attach made and dropped the triggers of the log's foreign key), while a
// request had read a device and waited for the log; Postgres ended one side with 40P01. Two
// connections of their own, so on Postgres only (PGlite has one connection: nothing waits).
describe.runIf(shared)('the partitions pass and requests that hold a device', () => {
  it('a reader and a writer that took devices before the pass, then the log while it runs: nobody is ended as a deadlock', async () => {
    const url = config().DATABASE_URL!;
    const open = () => postgres(url, { max: 1, onnotice: () => {} });
    const [reader, writer, watcher] = [open(), open(), open()];
    try {
      const { lock } = await owner();
      await bulkActivity(lock.id, 20, month(-20, 2)); // older than every month: the pass has months to carve
      let go!: () => void;
      const passHoldsLog = new Promise<void>((r) => (go = r));
      const holding: Promise<void>[] = [];
      const took = () => {
        let r!: () => void;
        holding.push(new Promise<void>((x) => (r = x)));
        return r;
      };
      const tookRead = took();
      const tookWrite = took();
      const read = reader.begin(async (tx) => {
        await tx`select id from devices where id = ${lock.id}`; // ACCESS SHARE on devices, as a request's read
        tookRead();
        await passHoldsLog;
        const [r] = await tx`select count(*)::int as n from device_activity where device_id = ${lock.id}`;
        return r.n as number;
      });
      const write = writer.begin(async (tx) => {
        await tx`update devices set name = name where id = ${lock.id}`; // ROW EXCLUSIVE on devices, as an unlock
        tookWrite();
        await passHoldsLog;
        await tx`insert into device_activity (device_id, event, source, date) values (${lock.id}, 32, 1, now() at time zone 'utc')`;
      });
      await Promise.all(holding);
      let settled = false;
      const pass = maintainActivityPartitions(await db(), new Date(), 0).finally(() => (settled = true));
      // the reader and writer go on once the pass holds the log (or is done)
      for (;;) {
        const [held] = await watcher`
          select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
          where c.relname = 'device_activity' and l.mode = 'AccessExclusiveLock' and l.granted`;
        if (held.n > 0 || settled) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      go();
      const outcome = await Promise.allSettled([pass, read, write]);
      expect(
        outcome.map((o) =>
          o.status === 'rejected' ? `${o.reason?.cause?.code ?? ''} ${o.reason?.cause?.message ?? o.reason}` : 'done',
        ),
      ).toEqual(['done', 'done', 'done']);
      expect((outcome[0] as PromiseFulfilledResult<PartitionPass>).value.made).toBeGreaterThan(0);
      expect(Object.values(await homes(lock.id)).reduce((a, b) => a + b, 0)).toBe(21);
    } finally {
      await Promise.all([reader.end(), writer.end(), watcher.end()]);
    }
  });
});
