import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { AccessLevel, deviceAccess, userGroupMembers } from '@/db/schema';
import { recordActivity } from '@/lib/domain/activity/record';
import { db } from '../support/factories/core';
import { accessGivenAt, sharingCast } from '../support/factories/access';
import { api } from '../support/router';

const LIST = '/api/v37/my/deviceactivity';

/** One entry by each of owner, guest, member and one without an author, a minute apart (everyone's access older). */
async function castWithLog() {
  const c = await sharingCast();
  await accessGivenAt(c.lock.id, new Date('2026-01-01T00:00:00Z'));
  const d = await db();
  const base = Date.parse('2026-03-01T10:00:00.000Z');
  const authors = [c.owner, c.guest, c.member, null, c.admin];
  for (const [i, a] of authors.entries()) {
    await recordActivity(d, {
      deviceId: c.lock.id,
      event: a ? 33 : 39,
      source: a ? 1 : 0,
      user: a ? { id: a.id, numId: a.numId, name: a.displayName } : null,
      at: new Date(base + i * 60_000),
    });
  }
  return c;
}

describe('GET /my/deviceactivity', () => {
  it('owner and administrator read every entry, newest first, with the exact item fields', async () => {
    const c = await castWithLog();
    for (const who of [c.owner, c.admin]) {
      const res = await api('GET', `${LIST}?deviceId=${c.lock.id}`, { key: who.key });
      expect(res.status).toBe(200);
      expect(res.json.result.map((r: any) => r.username)).toEqual([
        c.admin.displayName,
        '',
        c.member.displayName,
        c.guest.displayName,
        c.owner.displayName,
      ]);
    }
    const res = await api('GET', `${LIST}?deviceId=${c.lock.id}`, { key: c.owner.key });
    const [newest, manual] = res.json.result;
    expect(Object.keys(newest).sort()).toEqual(['date', 'deviceId', 'event', 'id', 'source', 'userId', 'username']);
    expect(newest).toMatchObject({
      deviceId: c.lock.id,
      userId: c.admin.numId,
      event: 33,
      source: 1,
      date: '2026-03-01T10:04:00.000',
    });
    expect(manual).toMatchObject({ userId: 0, username: '', event: 39, source: 0, date: '2026-03-01T10:03:00.000' });
    expect(typeof newest.id).toBe('number');
  });

  it('a guest and a member (guest through a group) see only their own entries and those without an author', async () => {
    const c = await castWithLog();
    const g = await api('GET', `${LIST}?deviceId=${c.lock.id}`, { key: c.guest.key });
    expect(g.json.result.map((r: any) => r.userId)).toEqual([0, c.guest.numId]);
    const m = await api('GET', `${LIST}?deviceId=${c.lock.id}`, { key: c.member.key });
    expect(m.json.result.map((r: any) => r.userId)).toEqual([0, c.member.numId]);
    expect((await api('GET', `${LIST}?deviceId=${c.lock.id}`, { key: c.outsider.key })).status).toBe(404);
  });

  it('a guest or member reads the entries without an author only from when their access began (its creation, its start, their joining the group)', async () => {
    const c = await sharingCast();
    const d = await db();
    const entry = (at: string, user: { id: string; numId: number; displayName: string } | null) =>
      recordActivity(d, {
        deviceId: c.lock.id,
        event: user ? 33 : 39,
        source: user ? 1 : 0,
        user: user ? { id: user.id, numId: user.numId, name: user.displayName } : null,
        at: new Date(at),
      });
    await entry('2026-03-01T10:00:00Z', null); // by hand, before anyone but the owner had the door
    await entry('2026-03-01T10:05:00Z', c.guest); // the guest's own (as if under an earlier access)
    await entry('2026-03-02T10:00:00Z', null);
    await entry('2026-03-03T10:00:00Z', null);
    const dates = async (who: { key: string }, path = `${LIST}?deviceId=${c.lock.id}`) =>
      (await api('GET', path, { key: who.key })).json.result
        .filter((r: any) => r.deviceId === c.lock.id)
        .map((r: any) => `${r.userId ? 'own' : 'nobody'} ${r.date.slice(0, 10)}`);
    const csv = async (who: { key: string }) =>
      (await api('GET', `${LIST}/export?deviceId=${c.lock.id}`, { key: who.key })).text.trim().split('\n').length - 1;

    // given today: nothing of the door's past but their own entry; the owner reads everything
    expect(await dates(c.guest)).toEqual(['own 2026-03-01']);
    expect(await dates(c.guest, `${LIST}?elements=50`)).toEqual(['own 2026-03-01']);
    expect(await csv(c.guest)).toBe(1);
    expect(await dates(c.member)).toEqual([]);
    expect(await dates(c.owner)).toHaveLength(4);

    // the guest's access given on 2 March at noon: the entry of 3 March, not those before
    await d
      .update(deviceAccess)
      .set({ created: new Date('2026-03-02T12:00:00Z') })
      .where(and(eq(deviceAccess.deviceId, c.lock.id), eq(deviceAccess.userId, c.guest.id)));
    expect(await dates(c.guest)).toEqual(['nobody 2026-03-03', 'own 2026-03-01']);
    expect(await csv(c.guest)).toBe(2);
    // an access made long ago that starts later counts from its start
    await d
      .update(deviceAccess)
      .set({ created: new Date('2026-01-01T00:00:00Z'), startDate: new Date('2026-03-03T12:00:00Z') })
      .where(and(eq(deviceAccess.deviceId, c.lock.id), eq(deviceAccess.userId, c.guest.id)));
    expect(await dates(c.guest)).toEqual(['own 2026-03-01']);

    // the group's access is old, the member joined on 1 March at noon: from then
    await d
      .update(deviceAccess)
      .set({ created: new Date('2026-01-01T00:00:00Z') })
      .where(eq(deviceAccess.id, c.groupAccess.id));
    await d
      .update(userGroupMembers)
      .set({ created: new Date('2026-03-01T12:00:00Z') })
      .where(eq(userGroupMembers.groupId, c.group.id));
    expect(await dates(c.member)).toEqual(['nobody 2026-03-03', 'nobody 2026-03-02']);
    expect(await dates(c.member, `${LIST}?elements=50`)).toEqual(['nobody 2026-03-03', 'nobody 2026-03-02']);
  });

  it('an administrator outside their weekdays reads like a guest; a group that gives administrator reads everything', async () => {
    const c = await castWithLog();
    const today = 1 << (DateTime.now().setZone('Europe/Warsaw').weekday - 1);
    await (await db())
      .update(deviceAccess)
      .set({ weekDays: 127 & ~today })
      .where(and(eq(deviceAccess.deviceId, c.lock.id), eq(deviceAccess.userId, c.admin.id)));
    const a = await api('GET', `${LIST}?deviceId=${c.lock.id}`, { key: c.admin.key });
    expect(a.json.result.map((r: any) => r.userId)).toEqual([c.admin.numId, 0]);
    await (await db())
      .update(deviceAccess)
      .set({ accessLevel: AccessLevel.administrator })
      .where(eq(deviceAccess.id, c.groupAccess.id));
    const m = await api('GET', `${LIST}?deviceId=${c.lock.id}`, { key: c.member.key });
    expect(m.json.result).toHaveLength(5);
  });

  it('a level changed between two reads of a device is read anew: an administrator made a guest reads like a guest at once, and back', async () => {
    // each view has its statement, and the one run first is the view this caller last read the
    // device in: the level in the database, not that guess, decides the page
    const c = await castWithLog();
    const everything = [c.admin.numId, 0, c.member.numId, c.guest.numId, c.owner.numId];
    const read = async (who: typeof c.admin) =>
      (await api('GET', `${LIST}?deviceId=${c.lock.id}`, { key: who.key })).json.result.map((r: any) => r.userId);
    const level = (userId: string, accessLevel: number) =>
      db().then((d) =>
        d
          .update(deviceAccess)
          .set({ accessLevel })
          .where(and(eq(deviceAccess.deviceId, c.lock.id), eq(deviceAccess.userId, userId))),
      );
    expect(await read(c.admin)).toEqual(everything);
    await level(c.admin.id, AccessLevel.guest);
    expect(await read(c.admin)).toEqual([c.admin.numId, 0]);
    expect(await read(c.admin)).toEqual([c.admin.numId, 0]);
    await level(c.admin.id, AccessLevel.administrator);
    expect(await read(c.admin)).toEqual(everything);
    expect(await read(c.guest)).toEqual([0, c.guest.numId]);
    await level(c.guest.id, AccessLevel.administrator);
    expect(await read(c.guest)).toEqual(everything);
  });

  it('elements and lastElemDate: strictly older, limits refused with 400, not clamped', async () => {
    const c = await castWithLog();
    const two = await api('GET', `${LIST}?deviceId=${c.lock.id}&elements=2&lastElemDate=2026-03-01T10:03:00.000`, {
      key: c.owner.key,
    });
    expect(two.json.result.map((r: any) => r.date)).toEqual(['2026-03-01T10:02:00.000', '2026-03-01T10:01:00.000']);
    const zoned = await api(
      'GET',
      `${LIST}?DEVICEID=${c.lock.id}&Elements=1&lastelemdate=${encodeURIComponent('2026-03-01T11:03:00.000+01:00')}`,
      { key: c.owner.key },
    );
    expect(zoned.json.result.map((r: any) => r.date)).toEqual(['2026-03-01T10:02:00.000']);
    for (const q of ['elements=0', 'elements=201', 'elements=-5', 'elements=1.5', 'lastElemDate=yesterday']) {
      const res = await api('GET', `${LIST}?deviceId=${c.lock.id}&${q}`, { key: c.owner.key });
      expect(res.status, q).toBe(400);
      expect(res.json.errorMessages[0], q).toMatch(/elements|lastElemDate/);
    }
    const max = await api('GET', `${LIST}?deviceId=${c.lock.id}&elements=200`, { key: c.owner.key });
    expect(max.json.result).toHaveLength(5);
  });

  it('without deviceId: every visible device, each with its own visibility; event filter', async () => {
    const c = await castWithLog();
    const other = await sharingCast();
    const { grantUser } = await import('../support/factories/core');
    await grantUser(other.lock.id, c.guest.id, 1);
    await recordActivity(await db(), {
      deviceId: other.lock.id,
      event: 35,
      source: 0,
      user: { id: other.owner.id, numId: other.owner.numId, name: 'x' },
      at: new Date('2026-03-01T10:02:30.000Z'),
    });
    const all = await api('GET', `${LIST}?elements=10`, { key: c.guest.key });
    expect(all.json.result.map((r: any) => [r.deviceId, r.userId])).toEqual([
      [c.lock.id, 0],
      [other.lock.id, other.owner.numId],
      [c.lock.id, c.guest.numId],
    ]);
    const manual = await api('GET', `${LIST}?event=39&event=35`, { key: c.guest.key });
    expect(manual.json.result.map((r: any) => r.event)).toEqual([39, 35]);
  });

  it('portal filters: a date range (dateFrom + lastElemDate) and one author (userId, 0 = nobody); a guest cannot widen their view with them', async () => {
    const c = await castWithLog();
    const q = (who: { key: string }, extra: string) =>
      api('GET', `${LIST}?deviceId=${c.lock.id}&${extra}`, { key: who.key });
    // 10:01 up to (not including) 10:04: the guest's, the member's and the authorless entry
    const range = await q(c.owner, 'dateFrom=2026-03-01T10:01:00Z&lastElemDate=2026-03-01T10:04:00Z');
    expect(range.status).toBe(200);
    expect(range.json.result.map((r: any) => r.date)).toEqual([
      '2026-03-01T10:03:00.000',
      '2026-03-01T10:02:00.000',
      '2026-03-01T10:01:00.000',
    ]);
    const member = await q(c.owner, `userId=${c.member.numId}`);
    expect(member.json.result.map((r: any) => r.username)).toEqual([c.member.displayName]);
    expect((await q(c.owner, 'userId=0')).json.result.map((r: any) => r.event)).toEqual([39]);
    // across devices too (the general path), and the guest's filter on another person finds nothing
    expect(
      (await api('GET', `${LIST}?userId=${c.admin.numId}`, { key: c.owner.key })).json.result.map((r: any) => r.userId),
    ).toEqual([c.admin.numId]);
    expect((await q(c.guest, `userId=${c.owner.numId}`)).json.result).toEqual([]);
    expect((await q(c.guest, 'userId=0')).json.result.map((r: any) => r.userId)).toEqual([0]);
    expect((await q(c.owner, 'userId=-1')).status).toBe(400);
    expect((await q(c.owner, 'dateFrom=yesterday')).status).toBe(400);
  });

  it('export follows the same author filter', async () => {
    const c = await castWithLog();
    const res = await api('GET', `/api/v37/my/deviceactivity/export?deviceId=${c.lock.id}&userId=${c.guest.numId}`, {
      key: c.owner.key,
    });
    expect(res.status).toBe(200);
    const lines = String(res.text).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(c.guest.displayName);
  });

  it('a scope other than DeviceActivity.Read is refused', async () => {
    const c = await castWithLog();
    const key = await c.owner.keyWith(['Device.Read']);
    expect((await api('GET', `${LIST}?deviceId=${c.lock.id}`, { key })).status).toBe(403);
  });
});

describe('GET /my/deviceactivity/export', () => {
  it('streams CSV as an attachment with the same visibility, formulas defused', async () => {
    const c = await castWithLog();
    await recordActivity(await db(), {
      deviceId: c.lock.id,
      event: 228,
      source: 1,
      user: { id: c.guest.id, numId: c.guest.numId, name: '=HYPERLINK("x")' },
      at: new Date('2026-03-01T10:10:00Z'),
    });
    const res = await api('GET', `/api/v37/my/deviceactivity/export?deviceId=${c.lock.id}`, { key: c.guest.key });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="activity-\d+-/);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,date_utc,local_time,time_zone,device_id,device_name,event,event_name,method,source,user_id,username,author',
    );
    expect(lines).toHaveLength(4); // header, the link entry, the manual entry, the guest's own
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain('Unlocked through an access link,link');
    expect(lines[2]).toContain('2026-03-01T10:03:00.000,2026-03-01 11:03:00,Europe/Warsaw');
    expect(lines[2]).toContain('By hand at the door');
    const ranged = await api(
      'GET',
      `/api/v37/my/deviceactivity/export?deviceId=${c.lock.id}&from=2026-03-01T10:01:00Z&to=2026-03-01T10:04:00Z`,
      { key: c.owner.key },
    );
    expect(ranged.text.trim().split('\r\n')).toHaveLength(4);
    const manual = await api('GET', `/api/v37/my/deviceactivity/export?deviceId=${c.lock.id}&event=39`, {
      key: c.owner.key,
    });
    expect(manual.text.trim().split('\r\n')).toHaveLength(2);
    expect(
      (await api('GET', `/api/v37/my/deviceactivity/export?deviceId=${c.lock.id}`, { key: c.outsider.key })).status,
    ).toBe(404);
  });
});

describe('activity of a member who administers through a group', () => {
  it('reads every entry of the device', async () => {
    const c = await sharingCast({ memberLevel: 1 });
    await recordActivity(await db(), {
      deviceId: c.lock.id,
      event: 33,
      source: 1,
      user: { id: c.owner.id, numId: c.owner.numId, name: c.owner.displayName },
      at: new Date('2026-03-02T10:00:00Z'),
    });
    const res = await api('GET', `${LIST}?deviceId=${c.lock.id}`, { key: c.member.key });
    expect(res.json.result.map((r: any) => r.userId)).toEqual([c.owner.numId]);
  });
});
