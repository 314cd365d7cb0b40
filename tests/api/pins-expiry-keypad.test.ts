import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setConfig } from '@/tests/support/config';
import { deviceActivity, devices, webhookOutbox } from '@/db/schema';
import { pruneExpired, worker } from '@/lib/domain/pins/expiry';
import { api } from '../support/router';
import { createLock, createUser, db, grantUser, lockWithCast } from '../support/factories/core';
import { insertPins, listVersionOf, pinRows } from '../support/factories/pins';

const base = (lockId: number) => `/api/v37/my/lock/${lockId}/pin`;
const keypad = (lockId: number) => `/api/sim/lock/${lockId}/keypad`;
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const soon = (ms: number) => new Date(Date.now() + ms);

async function lastActivity(lockId: number) {
  const [row] = await (await db())
    .select()
    .from(deviceActivity)
    .where(eq(deviceActivity.deviceId, lockId))
    .orderBy(desc(deviceActivity.date))
    .limit(1);
  return row;
}

describe('PINs past their end date', () => {
  it('disappear from the list on read, raising the version once, even without the worker', async () => {
    const { owner, lock } = await lockWithCast();
    await insertPins(lock.id, [
      { value: '403917', alias: 'Gone', endDate: ago(1000) },
      { value: '518302', alias: 'Stays', endDate: soon(HOUR) },
    ]);
    const stale = await api('GET', `${base(lock.id)}?listVersion=1`, { key: owner.key });
    expect(stale.status).toBe(200); // version 1 is no longer current: the expired PIN went
    expect(stale.json.result).toEqual({ listVersion: 2, pins: [expect.objectContaining({ alias: 'Stays' })] });
    expect((await api('GET', `${base(lock.id)}?listVersion=2`, { key: owner.key })).status).toBe(304);
    expect(await listVersionOf(lock.id)).toBe(2);
  });

  it('do not count towards duplicates: an expired value can be used again', async () => {
    const { owner, lock } = await lockWithCast();
    await insertPins(lock.id, [{ value: '403917', endDate: ago(1000) }]);
    const res = await api('POST', base(lock.id), { key: owner.key, body: { alias: 'Reused', pin: '403917' } });
    expect(res.status).toBe(201);
    expect(await listVersionOf(lock.id)).toBe(3); // expiry, then the create
  });

  it('racing sweeps remove each PIN once and raise each version once', async () => {
    const a = await lockWithCast();
    const b = await lockWithCast();
    await insertPins(a.lock.id, [
      { value: '403917', endDate: ago(10) },
      { value: '518302', endDate: ago(20) },
    ]);
    await insertPins(b.lock.id, [{ value: '403917', endDate: ago(10) }]);
    const d = await db();
    const results = await Promise.all([
      pruneExpired(d, new Date()),
      pruneExpired(d, new Date()),
      pruneExpired(d, new Date(), a.lock.id),
    ]);
    expect(results.flat().filter((id) => id === a.lock.id)).toHaveLength(1);
    expect(await listVersionOf(a.lock.id)).toBe(2);
    expect(await listVersionOf(b.lock.id)).toBe(2);
    expect(await pinRows(a.lock.id)).toHaveLength(0);
  });

  it('are swept by the background worker', async () => {
    const { lock } = await lockWithCast();
    await insertPins(lock.id, [{ value: '403917', endDate: ago(10) }]);
    const stop = worker.start();
    try {
      await expect.poll(() => listVersionOf(lock.id), { timeout: 5_000 }).toBe(2);
    } finally {
      stop();
    }
    expect(await pinRows(lock.id)).toHaveLength(0);
  });
});

describe('entering a PIN at the keypad (simulator control plane)', () => {
  it('a valid PIN unlocks: activity 61 from the device, named by the alias, and the lock state goes unlocked', async () => {
    const { owner, lock } = await lockWithCast();
    await insertPins(lock.id, [{ value: '729104', alias: 'Dog walker' }]);
    const res = await api('POST', keypad(lock.id), { key: owner.key, body: { pin: '729104' } });
    expect(res.status).toBe(200);
    expect(res.json.result).toEqual({ event: 61, unlocked: true, lockedOutUntil: null });
    expect(await lastActivity(lock.id)).toMatchObject({ event: 61, source: 0, userId: null, username: 'Dog walker' });
    const d = await db();
    const [row] = await d.select().from(devices).where(eq(devices.id, lock.id));
    expect(row.state).toBe(2);
    const events = await d
      .select()
      .from(webhookOutbox)
      .where(and(eq(webhookOutbox.deviceId, lock.id), eq(webhookOutbox.event, 'lock-status-changed')));
    expect(events).toHaveLength(1);
  });

  it('an unknown PIN -> 62 without an author; the lock stays locked', async () => {
    const { owner, lock } = await lockWithCast();
    await insertPins(lock.id, [{ value: '729104' }]);
    const res = await api('POST', keypad(lock.id), { key: owner.key, body: { pin: '729105' } });
    expect(res.json.result).toEqual({ event: 62, unlocked: false, lockedOutUntil: null });
    expect(await lastActivity(lock.id)).toMatchObject({ event: 62, source: 0, userId: null, username: '' });
    const [row] = await (await db()).select().from(devices).where(eq(devices.id, lock.id));
    expect(row.state).toBe(6);
  });

  it('a PIN outside its dates, weekdays or daily window -> 75; inside a window across midnight -> 61', async () => {
    const { owner, lock } = await lockWithCast();
    const later = [soon(2 * HOUR), soon(3 * HOUR)]; // a daily window that never contains now
    const aroundNow = [ago(HOUR), ago(2 * HOUR)]; // ends before it starts: all day except one hour
    const today = 1 << (weekdayIndex() - 1);
    await insertPins(lock.id, [
      { value: '100234', alias: 'Not yet', startDate: soon(HOUR) },
      { value: '200345', alias: 'Later today', dayStartTime: later[0], dayEndTime: later[1] },
      { value: '300456', alias: 'Other days', weekDays: 127 & ~today },
      { value: '400567', alias: 'Night shift', dayStartTime: aroundNow[0], dayEndTime: aroundNow[1], weekDays: 127 },
    ]);
    for (const [pin, event, alias] of [
      ['100234', 75, 'Not yet'],
      ['200345', 75, 'Later today'],
      ['300456', 75, 'Other days'],
      ['400567', 61, 'Night shift'],
    ] as const) {
      const res = await api('POST', keypad(lock.id), { key: owner.key, body: { pin } });
      expect(res.json.result.event, alias).toBe(event);
      expect(await lastActivity(lock.id)).toMatchObject({ event, username: alias, source: 0 });
    }
  });

  it('at a lock without a bridge the keypad’s news cannot reach the service: the simulator says so (428), nothing is logged', async () => {
    // (the in-process simulator used to write such an entry; a lock with no bridge has no way to tell the service)
    const owner = await createUser();
    const lone = await createLock();
    await grantUser(lone.id, owner.id, 2);
    await insertPins(lone.id, [{ value: '729104', alias: 'Tenant' }]);
    const res = await api('POST', keypad(lone.id), { key: owner.key, body: { pin: '729104' } });
    expect(res.status).toBe(428);
    expect(res.json.errorMessages[0]).toMatch(/not paired with a bridge/);
    expect(await lastActivity(lone.id)).toBeUndefined();
    const [row] = await (await db()).select().from(devices).where(eq(devices.id, lone.id));
    expect(row.state).toBeNull();
  });

  it('an expired PIN counts as wrong (62): the lock no longer holds it', async () => {
    const { owner, lock } = await lockWithCast();
    await insertPins(lock.id, [{ value: '729104', endDate: ago(1000) }]);
    expect((await api('POST', keypad(lock.id), { key: owner.key, body: { pin: '729104' } })).json.result.event).toBe(
      62,
    );
    expect(await listVersionOf(lock.id)).toBe(2);
  });

  it('needs the owner or an active administrator (a guest 403, an outsider 404), a PIN as text, and SIM_CONTROL=1', async () => {
    const { outsider, guest, admin, owner, lock } = await lockWithCast();
    expect((await api('POST', keypad(lock.id), { key: outsider.key, body: { pin: '729104' } })).status).toBe(404);
    expect((await api('POST', keypad(lock.id), { key: guest.key, body: { pin: '729104' } })).status).toBe(403);
    expect((await api('POST', keypad(lock.id), { key: admin.key, body: { pin: '729104' } })).status).toBe(200);
    expect((await api('POST', keypad(lock.id), { key: owner.key, body: { pin: 729104 } })).status).toBe(400);
    expect((await api('POST', keypad(lock.id), { body: { pin: '729104' } })).status).toBe(401);
    setConfig({ SIM_CONTROL: '0' });
    expect((await api('POST', keypad(lock.id), { key: owner.key, body: { pin: '729104' } })).status).toBe(404);
  });
});

/** ISO weekday (Monday 1) of now at the lock, computed without the code under test. */
function weekdayIndex(): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Warsaw', weekday: 'short' }).format(new Date());
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(name) + 1;
}
