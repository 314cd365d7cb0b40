import { describe, expect, it } from 'vitest';
import { deviceAccess } from '@/db/schema';
import { api } from '../support/router';
import { addOrgUser, createBridge, createGroup, createLock, createOrg, createUser, grantGroup, lockWithCast } from '../support/factories/core';
import { distinctPins, insertPins, listVersionOf, pinRows } from '../support/factories/pins';

const base = (lockId: number) => `/api/v37/my/lock/${lockId}/pin`;
const body = (over: Record<string, unknown> = {}) => ({ alias: 'Cleaner', pin: '482915', ...over });

describe('PIN list, create, read, update, delete', () => {
  it('walks a PIN through its life; each change raises the list version by one', async () => {
    const { owner, lock } = await lockWithCast();
    const empty = await api('GET', base(lock.id), { key: owner.key });
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({ result: { listVersion: 1, pins: [] }, success: true, errorMessages: [], statusCode: 200 });

    const created = await api('POST', base(lock.id), { key: owner.key, body: body({ alias: '  Cleaner  ' }) });
    expect(created.status).toBe(201);
    const id = created.json.result.id as number;
    expect(typeof id).toBe('number');

    const list = await api('GET', base(lock.id), { key: owner.key });
    expect(list.json.result).toEqual({ listVersion: 2, pins: [{ id, alias: 'Cleaner' }] });
    expect(list.text).not.toContain('482915');

    const one = await api('GET', `${base(lock.id)}/${id}`, { key: owner.key });
    expect(one.json.result).toMatchObject({ id, alias: 'Cleaner', pin: '482915', startDate: null, weekDays: null, timeZone: 'Europe/Warsaw' });

    const put = await api('PUT', `${base(lock.id)}/${id}`, {
      key: owner.key,
      body: { alias: 'Night nurse', pin: '730194', dayStartTime: '2026-01-01T21:00:00Z', dayEndTime: '2026-01-01T05:00:00Z', weekDays: 31 },
    });
    expect(put.status).toBe(204);
    expect(put.text).toBe('');
    expect(put.headers.get('content-type')).toContain('application/json');
    const after = await api('GET', `${base(lock.id)}/${id}`, { key: owner.key });
    expect(after.json.result).toMatchObject({ alias: 'Night nurse', pin: '730194', dayStartTime: '2026-01-01T21:00:00.000Z', dayEndTime: '2026-01-01T05:00:00.000Z', weekDays: 31 });
    expect(await listVersionOf(lock.id)).toBe(3);

    const del = await api('DELETE', `${base(lock.id)}/${id}`, { key: owner.key });
    expect(del.status).toBe(204);
    expect((await api('GET', base(lock.id), { key: owner.key })).json.result).toEqual({ listVersion: 4, pins: [] });
    expect((await api('GET', `${base(lock.id)}/${id}`, { key: owner.key })).status).toBe(404);
  });

  it('stores the value encrypted and keyed-hashed, never in clear', async () => {
    const { owner, lock } = await lockWithCast();
    await api('POST', base(lock.id), { key: owner.key, body: body({ pin: '640213' }) });
    const [row] = await pinRows(lock.id);
    expect(JSON.stringify(row)).not.toContain('640213');
    expect(row.valueCiphertext).toMatch(/^v1\./);
  });

  it('answers 304 with no body when listVersion is current, 200 otherwise', async () => {
    const { admin, lock } = await lockWithCast();
    const res = await api('GET', `${base(lock.id)}?listVersion=1`, { key: admin.key });
    expect(res.status).toBe(304);
    expect(res.text).toBe('');
    expect(res.headers.get('content-type')).toContain('application/json');
    const older = await api('GET', `${base(lock.id)}?ListVersion=0`, { key: admin.key });
    expect(older.status).toBe(200);
    expect((await api('GET', `${base(lock.id)}?listVersion=-1`, { key: admin.key })).status).toBe(400);
    expect((await api('GET', `${base(lock.id)}?listVersion=abc`, { key: admin.key })).status).toBe(400);
  });
});

describe('who may manage PINs', () => {
  it('owner and administrator may; guest 403; outsider 404; a device that is not a lock 404', async () => {
    const { owner, admin, guest, outsider, bridge, lock } = await lockWithCast();
    const [pinId] = await insertPins(lock.id, [{ value: '582013' }]);
    for (const u of [owner, admin]) {
      expect((await api('GET', base(lock.id), { key: u.key })).status).toBe(200);
      expect((await api('GET', `${base(lock.id)}/${pinId}`, { key: u.key })).status).toBe(200);
    }
    const calls: Array<[string, string, unknown?]> = [
      ['GET', base(lock.id)],
      ['POST', base(lock.id), body()],
      ['GET', `${base(lock.id)}/${pinId}`],
      ['PUT', `${base(lock.id)}/${pinId}`, body()],
      ['DELETE', `${base(lock.id)}/${pinId}`],
    ];
    for (const [method, url, b] of calls) {
      const asGuest = await api(method, url, { key: guest.key, body: b });
      expect(asGuest.status, `${method} ${url} as guest`).toBe(403);
      expect(asGuest.json.errorMessages[0]).toMatch(/owner or administrator/);
      expect((await api(method, url, { key: outsider.key, body: b })).status, `${method} ${url} as outsider`).toBe(404);
    }
    expect((await api('GET', base(bridge.id), { key: owner.key })).status).toBe(404);
    expect(await pinRows(lock.id)).toHaveLength(1);
  });

  it('an administrator through a group may manage PINs', async () => {
    const org = await createOrg();
    const u = await createUser();
    const ou = await addOrgUser(org.id, u.id);
    const group = await createGroup(org.id, undefined, [ou]);
    const lock = await createLock({ bridge: await createBridge() });
    await grantGroup(lock.id, group.id, 1);
    expect((await api('POST', base(lock.id), { key: u.key, body: body() })).status).toBe(201);
  });

  it('scopes: reads take Device.Read, writes need Device.ReadWrite', async () => {
    const { owner, lock } = await lockWithCast();
    const readOnly = await owner.keyWith(['Device.Read']);
    expect((await api('GET', base(lock.id), { key: readOnly })).status).toBe(200);
    expect((await api('POST', base(lock.id), { key: readOnly, body: body() })).status).toBe(403);
    expect((await api('GET', base(lock.id), { key: await owner.keyWith(['Lock.Operate']) })).status).toBe(403);
    expect((await api('GET', base(lock.id))).status).toBe(401);
  });

  it('unknown pinId, or a pinId of another lock -> 404', async () => {
    const { owner, lock } = await lockWithCast();
    const other = await lockWithCast();
    const [foreignPin] = await insertPins(other.lock.id, [{ value: '582013' }]);
    for (const id of [2147483000, foreignPin]) {
      expect((await api('GET', `${base(lock.id)}/${id}`, { key: owner.key })).status).toBe(404);
      expect((await api('PUT', `${base(lock.id)}/${id}`, { key: owner.key, body: body() })).status).toBe(404);
      expect((await api('DELETE', `${base(lock.id)}/${id}`, { key: owner.key })).status).toBe(404);
    }
    expect(await pinRows(other.lock.id)).toHaveLength(1);
  });

  it('an access outside its dates gives no right to PINs', async () => {
    const { admin, lock } = await lockWithCast();
    const { db } = await import('../support/factories/core');
    const { eq } = await import('drizzle-orm');
    await (await db()).update(deviceAccess).set({ endDate: new Date(Date.now() - 1000) }).where(eq(deviceAccess.userId, admin.id));
    expect((await api('GET', base(lock.id), { key: admin.key })).status).toBe(404);
  });
});

describe('PIN rules on the server', () => {
  it.each([
    ['   ', /empty/],
    ['1234', /5 to 8/],
    ['12a456', /digits 0-9/],
    ['111222', /3 different digits/],
    ['3456789', /consecutive/],
    ['98765', /consecutive/],
  ])('%j -> 400 naming the rule', async (pin, message) => {
    const { owner, lock } = await lockWithCast();
    const res = await api('POST', base(lock.id), { key: owner.key, body: body({ pin }) });
    expect(res.status).toBe(400);
    expect(res.json.errorMessages.join(' ')).toMatch(message);
    expect(await listVersionOf(lock.id)).toBe(1);
  });

  it('refuses a missing PIN or alias, bad schedules, and a non-string PIN, all before the lock is asked', async () => {
    const { owner, lock } = await lockWithCast();
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ pin: undefined }, /pin: PIN is required/],
      [{ pin: 482915 }, /pin: must be text/],
      [{ alias: '' }, /alias: Alias is required/],
      [{ alias: 'x'.repeat(65) }, /at most 64/],
      [{ weekDays: 0 }, /weekDays/],
      [{ weekDays: 128 }, /weekDays/],
      [{ weekDays: 1.5 }, /weekDays/],
      [{ startDate: '2030-02-01T00:00:00Z', endDate: '2030-01-01T00:00:00Z' }, /later than startDate/],
      [{ endDate: '2020-01-01T00:00:00Z' }, /in the future/],
      [{ dayStartTime: '2026-01-01T08:00:00Z', dayEndTime: '2026-03-01T08:00:00Z' }, /must differ/],
      [{ startDate: 'yesterday' }, /ISO 8601/],
    ];
    for (const [over, message] of bad) {
      const res = await api('POST', base(lock.id), { key: owner.key, body: body(over) });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.json.errorMessages.join(' ')).toMatch(message);
    }
    const both = await api('POST', base(lock.id), { key: owner.key, body: { alias: '', pin: '11111' } });
    expect(both.json.errorMessages).toHaveLength(2);
    expect(await pinRows(lock.id)).toHaveLength(0);
  });

  it('the same value on the same lock -> 406 (create and update); on another lock it is fine', async () => {
    const { owner, lock } = await lockWithCast();
    const [a, b] = await insertPins(lock.id, [{ value: '582013' }, { value: '693014' }]);
    const dup = await api('POST', base(lock.id), { key: owner.key, body: body({ pin: '582013' }) });
    expect(dup.status).toBe(406);
    expect(dup.json.errorMessages[0]).toMatch(/already used/);
    expect((await api('PUT', `${base(lock.id)}/${b}`, { key: owner.key, body: body({ pin: '582013' }) })).status).toBe(406);
    expect((await api('PUT', `${base(lock.id)}/${a}`, { key: owner.key, body: body({ pin: '582013', alias: 'Same value, new alias' }) })).status).toBe(204);
    const other = await lockWithCast();
    expect((await api('POST', base(other.lock.id), { key: other.owner.key, body: body({ pin: '582013' }) })).status).toBe(201);
  });

  it('the 101st PIN -> 412, and the list stays at 100', async () => {
    const { owner, lock } = await lockWithCast();
    await insertPins(lock.id, distinctPins(100).map((value) => ({ value })));
    const res = await api('POST', base(lock.id), { key: owner.key, body: body() });
    expect(res.status).toBe(412);
    expect(res.json.errorMessages[0]).toMatch(/100 PINs/);
    expect(await pinRows(lock.id)).toHaveLength(100);
    const [first] = await pinRows(lock.id);
    expect((await api('PUT', `${base(lock.id)}/${first.id}`, { key: owner.key, body: body() })).status).toBe(204);
  });
});
