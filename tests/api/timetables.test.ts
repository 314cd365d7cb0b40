import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AccessLevel,
  auditLog,
  deviceAccess,
  deviceActivity,
  devices,
  doorTimetables,
  lockdowns,
  timetableRuns,
} from '@/db/schema';
import { timetablePass } from '@/lib/domain/timetables/worker';
import { ActivityEvent } from '@/lib/shared/devices/codes';
import { db, grantUser } from '../support/factories/core';
import { createOrgLock, orgWithCast } from '../support/factories/organization';
import { eventually, operationRow } from '../support/factories/devices';
import { createSite } from '../support/factories/sites';
import { api } from '../support/router';

/**
 * Issue 35, item 3: a lock follows a weekly timetable in its site's zone. Its owner and
 * administrators set it; the worker sends each change once (several processes: each slot is
 * claimed by one), across the changes of the clocks, as the timetable's in the activity log; a
 * lockdown holds its unlocks back.
 */
const V = '/api/v37';

async function lockInSite(zone: string) {
  const c = await orgWithCast({ timeZone: zone });
  const site = await createSite(c.org.id, { name: 'Office', timeZone: zone });
  // the lock's own zone differs: the site's is the one read
  const lock = await createOrgLock(c.org.id, { name: 'Lobby door', siteId: site.id, timeZone: 'UTC' });
  await grantUser(lock.id, c.owner.id, AccessLevel.owner);
  await grantUser(lock.id, c.admin.id, AccessLevel.administrator);
  await grantUser(lock.id, c.member.id, AccessLevel.guest);
  const put = (key: string, body: unknown) => api('PUT', `${V}/my/lock/${lock.id}/timetable`, { key, body });
  return { ...c, site, lock, put };
}

/** The timetable as if set long ago (the worker sends nothing due before its last change). */
async function setLongAgo(deviceId: number) {
  await (await db())
    .update(doorTimetables)
    .set({ updated: new Date('2026-01-01T00:00:00Z') })
    .where(eq(doorTimetables.deviceId, deviceId));
}

const runsOf = async (deviceId: number) =>
  (await db()).select().from(timetableRuns).where(eq(timetableRuns.deviceId, deviceId)).orderBy(timetableRuns.due);

describe('GET|PUT|DELETE /my/lock/{id}/timetable', () => {
  it('an administrator sets it; everyone who sees the lock reads it and its next change; bad input saves nothing', async () => {
    const c = await lockInSite('Europe/Warsaw');
    const empty = await api('GET', `${V}/my/lock/${c.lock.id}/timetable`, { key: c.member.key });
    expect(empty.status).toBe(200);
    expect(empty.json.result).toEqual({
      deviceId: c.lock.id,
      enabled: false,
      rules: [],
      exceptions: [],
      timeZone: 'Europe/Warsaw',
      next: null,
      updated: null,
    });
    const body = {
      enabled: true,
      rules: [
        { days: 31, at: '08:00', action: 'unlock' },
        { days: 31, at: '18:00', action: 'lock' },
      ],
      exceptions: ['2026-12-25', '2026-12-24', '2026-12-25'],
    };
    const set = await c.put(c.admin.key, body);
    expect(set.status).toBe(200);
    expect(set.json.result).toMatchObject({
      enabled: true,
      rules: body.rules,
      exceptions: ['2026-12-24', '2026-12-25'],
      timeZone: 'Europe/Warsaw',
      next: { at: expect.any(String), action: expect.stringMatching(/^(un)?lock$/) },
    });
    const read = await api('GET', `${V}/my/lock/${c.lock.id}/timetable`, { key: c.member.key });
    expect(read.json.result.next).toEqual(set.json.result.next);
    // the same again changes nothing and records nothing
    expect((await c.put(c.admin.key, body)).status).toBe(200);
    const entries = await (await db())
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'device.timetable'), eq(auditLog.deviceId, c.lock.id)));
    expect(entries).toHaveLength(1);
    // a guest, an outsider, bad rules
    const guest = await c.put(c.member.key, body);
    expect(guest.status).toBe(403);
    expect((await c.put(c.outsider.key, body)).status).toBe(404);
    for (const bad of [
      { ...body, rules: [{ days: 0, at: '08:00', action: 'unlock' }] },
      { ...body, rules: [{ days: 1, at: '8am', action: 'unlock' }] },
      { ...body, rules: [{ days: 1, at: '08:00', action: 'open' }] },
      { ...body, exceptions: ['25.12.2026'] },
      { ...body, rules: [body.rules[0], body.rules[0]] },
    ])
      expect((await c.put(c.admin.key, bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await api('GET', `${V}/my/lock/${c.lock.id}/timetable`, { key: c.admin.key })).json.result.rules).toEqual(
      body.rules,
    );
    expect((await api('DELETE', `${V}/my/lock/${c.lock.id}/timetable`, { key: c.member.key })).status).toBe(403);
    expect((await api('DELETE', `${V}/my/lock/${c.lock.id}/timetable`, { key: c.owner.key })).status).toBe(204);
    expect((await api('DELETE', `${V}/my/lock/${c.lock.id}/timetable`, { key: c.owner.key })).status).toBe(204);
    expect((await api('GET', `${V}/my/lock/${c.lock.id}/timetable`, { key: c.owner.key })).json.result.enabled).toBe(
      false,
    );
  });
});

describe('the timetable worker', () => {
  it('sends each change once with two passes at once, as the timetable, and a lockdown holds the unlock back', async () => {
    const c = await lockInSite('Europe/Warsaw');
    expect(
      (
        await c.put(c.owner.key, {
          enabled: true,
          rules: [
            { days: 127, at: '08:00', action: 'unlock' },
            { days: 127, at: '18:00', action: 'lock' },
          ],
          exceptions: [],
        })
      ).status,
    ).toBe(200);
    await setLongAgo(c.lock.id);
    // Tuesday 1 Dec 2026, 08:00:10 in Warsaw: two processes' passes at once
    const at = new Date('2026-12-01T07:00:10Z');
    await Promise.all([timetablePass(await db(), at), timetablePass(await db(), at)]);
    const first = await runsOf(c.lock.id);
    expect(first).toHaveLength(1);
    const [run] = first;
    expect(run).toMatchObject({
      slot: '2026-12-01T08:00/unlock',
      outcome: 'sent',
      due: new Date('2026-12-01T07:00:00Z'),
    });
    // the lock opens; the activity log names the timetable
    await eventually(async () => (await operationRow(run.operationId!)).status === 'COMPLETED');
    const [entry] = await (await db())
      .select()
      .from(deviceActivity)
      .where(and(eq(deviceActivity.deviceId, c.lock.id), eq(deviceActivity.operationId, run.operationId!)));
    expect(entry).toMatchObject({ event: ActivityEvent.unlockedRemotely, username: 'Timetable', userId: null });
    // a later pass within the grace sends nothing again
    await timetablePass(await db(), new Date('2026-12-01T07:05:00Z'));
    expect(await runsOf(c.lock.id)).toHaveLength(1);

    // a lockdown: the next day's 08:00 unlock is held back, the 18:00 lock goes
    await (await db()).insert(lockdowns).values({ organizationId: c.org.id, siteId: c.site.id, reason: 'Drill' });
    await timetablePass(await db(), new Date('2026-12-02T07:00:05Z'));
    await timetablePass(await db(), new Date('2026-12-02T17:00:05Z'));
    const runs = await runsOf(c.lock.id);
    expect(runs.map((r) => [r.slot, r.outcome])).toEqual([
      ['2026-12-01T08:00/unlock', 'sent'],
      ['2026-12-02T08:00/unlock', 'lockdown'],
      ['2026-12-02T18:00/lock', 'sent'],
    ]);
  });

  it('sends no unlock its setter could not make now (their access ended); locking goes', async () => {
    const c = await lockInSite('Europe/Warsaw');
    const put = await c.put(c.admin.key, {
      enabled: true,
      rules: [
        { days: 127, at: '08:00', action: 'unlock' },
        { days: 127, at: '18:00', action: 'lock' },
      ],
      exceptions: [],
    });
    expect(put.status).toBe(200);
    await setLongAgo(c.lock.id);
    // the administrator's access ends: the 08:00 unlock no longer goes, the 18:00 lock does
    await (await db())
      .delete(deviceAccess)
      .where(and(eq(deviceAccess.deviceId, c.lock.id), eq(deviceAccess.userId, c.admin.id)));
    await timetablePass(await db(), new Date('2026-12-03T07:00:05Z'));
    await timetablePass(await db(), new Date('2026-12-03T17:00:05Z'));
    expect((await runsOf(c.lock.id)).map((r) => [r.slot, r.outcome])).toEqual([
      ['2026-12-03T08:00/unlock', 'noLongerAllowed'],
      ['2026-12-03T18:00/lock', 'sent'],
    ]);
  });

  it('crosses both changes of the clocks in Warsaw and New York, each change once at its instant', async () => {
    for (const [zone, night, expected] of [
      // autumn in Warsaw: 02:30 happens twice on the wall; the lock is sent once, at the first
      [
        'Europe/Warsaw',
        ['2026-10-24T22:00:00Z', '2026-10-25T03:00:00Z'],
        [['2026-10-25T02:30/lock', '2026-10-25T00:30:00.000Z']],
      ],
      // spring in Warsaw: 02:30 does not exist; sent at 03:30 CEST
      [
        'Europe/Warsaw',
        ['2026-03-28T23:00:00Z', '2026-03-29T03:00:00Z'],
        [['2026-03-29T02:30/lock', '2026-03-29T01:30:00.000Z']],
      ],
      // spring in New York: 02:30 skipped, sent at 03:30 EDT
      [
        'America/New_York',
        ['2026-03-08T05:00:00Z', '2026-03-08T09:00:00Z'],
        [['2026-03-08T02:30/lock', '2026-03-08T07:30:00.000Z']],
      ],
      // autumn in New York: 02:30 EST, once
      [
        'America/New_York',
        ['2026-11-01T05:00:00Z', '2026-11-01T09:00:00Z'],
        [['2026-11-01T02:30/lock', '2026-11-01T07:30:00.000Z']],
      ],
    ] as const) {
      const c = await lockInSite(zone);
      expect(
        (
          await c.put(c.owner.key, {
            enabled: true,
            rules: [{ days: 127, at: '02:30', action: 'lock' }],
            exceptions: [],
          })
        ).status,
      ).toBe(200);
      await setLongAgo(c.lock.id);
      // a pass every 5 minutes through the night, as a process's worker would run
      for (let t = Date.parse(night[0]); t <= Date.parse(night[1]); t += 5 * 60_000) {
        await timetablePass(await db(), new Date(t));
        // the lock answers before the next pass (a command in flight would be refused as busy)
        await eventually(async () => {
          const [d] = await (await db())
            .select({ state: devices.state })
            .from(devices)
            .where(eq(devices.id, c.lock.id));
          return d.state !== 5;
        });
      }
      const runs = await runsOf(c.lock.id);
      expect(
        runs.map((r) => [r.slot, r.due.toISOString()]),
        zone,
      ).toEqual(expected);
      expect(runs[0].outcome).toBe('sent');
    }
  });
});
