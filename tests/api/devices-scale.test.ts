import { describe, expect, it } from 'vitest';
import { AccessLevel, DeviceType, deviceAccess, devices } from '@/db/schema';
import { deviceDetails } from '@/lib/domain/devices/details';
import { api } from '../support/router';
import { createBridge, createUser, ctxOf, db } from '../support/factories/core';

/** Locks of these names behind `bridge`, made at once (`tag` keeps their serial numbers apart). */
async function locksNamed(tag: string, names: string[], bridge: { id: number }) {
  return (await db())
    .insert(devices)
    .values(
      names.map((name, i) => ({
        type: DeviceType.lockPro,
        serialNumber: `${tag}-${i}`,
        name,
        connectedToId: bridge.id,
        timeZone: 'Europe/Warsaw',
      })),
    )
    .returning({ id: devices.id });
}

/** The owner's access to each of `made`. */
async function ownerOf(userId: string, made: Array<{ id: number }>) {
  await (await db())
    .insert(deviceAccess)
    .values(made.map((m) => ({ deviceId: m.id, principalType: 0, userId, accessLevel: AccessLevel.owner })));
}

/** A user with 1,000 locks: the listings stay whole, ordered and paged (reads are batched, not per device). */
describe('a user with 1,000 devices', () => {
  it('gets all of them from /my/device/details and /my/lock, and pages /my/lock', async () => {
    const owner = await createUser();
    const bridge = await createBridge();
    const d = await db();
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      type: DeviceType.lockPro,
      serialNumber: `SCALE-${owner.id.slice(0, 8)}-${i}`,
      name: `Door ${String(i).padStart(4, '0')}`,
      connectedToId: bridge.id,
      state: 6,
      doorState: 3,
      batteryLevel: 50,
      stateChangeResult: 0,
      lastStateChangedDate: new Date(),
      timeZone: 'Europe/Warsaw',
    }));
    const made = await d.insert(devices).values(rows).returning({ id: devices.id });
    await d
      .insert(deviceAccess)
      .values(
        made.map((m) => ({ deviceId: m.id, principalType: 0, userId: owner.id, accessLevel: AccessLevel.owner })),
      );
    const t0 = performance.now();
    const r = await api('GET', '/api/v37/my/device/details', { key: owner.key });
    const ms = performance.now() - t0;
    expect(r.status).toBe(200);
    expect(r.json.result.locks).toHaveLength(1000);
    expect(r.json.result.locks.every((l: any) => l.isConnected === true && l.accessLevel === 2)).toBe(true);
    const t1 = performance.now();
    await api('GET', '/api/v37/my/device/details', { key: owner.key });
    console.log(
      `/my/device/details with 1,000 locks: first ${ms.toFixed(0)} ms, warm ${(performance.now() - t1).toFixed(0)} ms`,
    );
    const p = await api('GET', '/api/v37/my/lock?page=10&itemsPerPage=100', { key: owner.key });
    expect(p.json.result.map((l: any) => l.name)).toEqual(
      Array.from({ length: 100 }, (_, i) => `Door ${String(900 + i).padStart(4, '0')}`),
    );
    // Tedee's clients ask without paging and expect every lock (docs/source/endpoints/lock/get-all.rst)
    const whole = await api('GET', '/api/v37/my/lock', { key: owner.key });
    expect(whole.json.result).toHaveLength(1000);
  });

  it('pages /my/device/details in name order across kinds, and refuses past the documented limit without cutting the answer short', async () => {
    const owner = await createUser();
    const bridge = await createBridge({ name: 'Door 0002 bridge' });
    const made = await locksNamed(`PAGE-${owner.id.slice(0, 8)}`, ['Door 0003', 'Door 0001', 'Door 0004'], bridge);
    await ownerOf(owner.id, [...made, bridge]);
    const names = (r: { json: { result: { bridges: { name: string }[]; locks: { name: string }[] } } }) => ({
      bridges: r.json.result.bridges.map((b) => b.name),
      locks: r.json.result.locks.map((l) => l.name),
    });
    const first = await api('GET', '/api/v37/my/device/details?page=1&itemsPerPage=2', { key: owner.key });
    expect(first.status).toBe(200);
    expect(names(first)).toEqual({ bridges: ['Door 0002 bridge'], locks: ['Door 0001'] });
    const second = await api('GET', '/api/v37/my/device/details?page=2&itemsPerPage=2', { key: owner.key });
    expect(names(second)).toEqual({ bridges: [], locks: ['Door 0003', 'Door 0004'] });
    expect(second.json.result).toMatchObject({ keypads: [], gates: [], dryContacts: [] });
    const past = await api('GET', '/api/v37/my/device/details?itemsPerPage=2&page=3', { key: owner.key });
    expect(names(past)).toEqual({ bridges: [], locks: [] });
    // page alone: pages of 1,000
    expect(names(await api('GET', '/api/v37/my/device/details?page=1', { key: owner.key })).locks).toHaveLength(3);
    for (const q of ['page=0', 'itemsPerPage=0', 'itemsPerPage=1001', 'page=x'])
      expect((await api('GET', `/api/v37/my/device/details?${q}`, { key: owner.key })).status, q).toBe(400);

    // the limit, made small: past it the unpaged read is refused, saying what to ask for
    const ctx = await ctxOf(owner, { via: 'key' });
    await expect(deviceDetails(ctx, {}, 3)).rejects.toMatchObject({
      code: 'invalid',
      message:
        'You can see more than 3 devices: ask for them page by page (page and itemsPerPage, at most 1,000 a page).',
    });
    expect((await deviceDetails(ctx, {}, 4)).parse().locks).toHaveLength(3);
    expect((await deviceDetails(ctx, { page: 1, itemsPerPage: 1000 }, 3)).parse().locks).toHaveLength(3);
  });

  it('answers only the devices asked for by deviceId, of those the caller sees, whatever the limit', async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const bridge = await createBridge({ name: 'Ids bridge' });
    const [a, b, c, theirs] = await locksNamed(
      `IDS-${owner.id.slice(0, 8)}`,
      ['Ids A', 'Ids B', 'Ids C', 'Ids theirs'],
      bridge,
    );
    await ownerOf(owner.id, [a, b, c, bridge]);
    await ownerOf(stranger.id, [theirs]);
    const asked = await api(
      'GET',
      `/api/v37/my/device/details?deviceId=${c.id}&deviceId=${a.id}&deviceId=${theirs.id}&deviceId=${bridge.id}`,
      { key: owner.key },
    );
    expect(asked.status).toBe(200);
    // someone else's lock is not named, nor said to exist
    expect(asked.json.result.locks.map((l: { name: string }) => l.name)).toEqual(['Ids A', 'Ids C']);
    expect(asked.json.result.bridges.map((x: { name: string }) => x.name)).toEqual(['Ids bridge']);
    const one = await api('GET', `/api/v37/my/device/details?deviceId=${theirs.id}`, { key: owner.key });
    expect(one.json.result).toEqual({ bridges: [], locks: [], keypads: [], gates: [], dryContacts: [] });
    // the unpaged limit counts what is asked: a few of many devices are never refused
    const ctx = await ctxOf(owner, { via: 'key' });
    expect((await deviceDetails(ctx, { ids: [b.id] }, 2)).parse().locks.map((l) => l.name)).toEqual(['Ids B']);
    const many = Array.from({ length: 201 }, (_, i) => `deviceId=${i + 1}`).join('&');
    for (const q of ['deviceId=0', 'deviceId=x', many])
      expect((await api('GET', `/api/v37/my/device/details?${q}`, { key: owner.key })).status, q.slice(0, 20)).toBe(
        400,
      );
  });
});
