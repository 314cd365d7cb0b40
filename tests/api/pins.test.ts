import { describe, expect, it } from 'vitest';
import { api } from '../support/router';
import { lockWithCast } from '../support/factories/core';
import { distinctPins, insertPins, listVersionOf, pinRows } from '../support/factories/pins';

const base = (lockId: number) => `/api/v37/my/lock/${lockId}/pin`;
const body = (over: Record<string, unknown> = {}) => ({ alias: 'Cleaner', pin: '482915', ...over });

describe('PIN list, create, read, update, delete', () => {
  it('walks a PIN through its life; each change raises the list version by one', async () => {
    const { owner, lock } = await lockWithCast();
    const empty = await api('GET', base(lock.id), { key: owner.key });
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({
      result: { listVersion: 1, pins: [] },
      success: true,
      errorMessages: [],
      statusCode: 200,
    });

    const created = await api('POST', base(lock.id), { key: owner.key, body: body({ alias: '  Cleaner  ' }) });
    expect(created.status).toBe(201);
    const id = created.json.result.id as number;
    expect(typeof id).toBe('number');

    const list = await api('GET', base(lock.id), { key: owner.key });
    expect(list.json.result).toEqual({ listVersion: 2, pins: [{ id, alias: 'Cleaner', lastUsedDate: null }] });
    expect(list.text).not.toContain('482915');

    const one = await api('GET', `${base(lock.id)}/${id}`, { key: owner.key });
    expect(one.json.result).toMatchObject({
      id,
      alias: 'Cleaner',
      pin: '482915',
      startDate: null,
      weekDays: null,
      timeZone: 'Europe/Warsaw',
    });

    const put = await api('PUT', `${base(lock.id)}/${id}`, {
      key: owner.key,
      body: {
        alias: 'Night nurse',
        pin: '730194',
        dayStartTime: '2026-01-01T21:00:00Z',
        dayEndTime: '2026-01-01T05:00:00Z',
        weekDays: 31,
      },
    });
    expect(put.status).toBe(204);
    expect(put.text).toBe('');
    expect(put.headers.get('content-type')).toContain('application/json');
    const after = await api('GET', `${base(lock.id)}/${id}`, { key: owner.key });
    expect(after.json.result).toMatchObject({
      alias: 'Night nurse',
      pin: '730194',
      dayStartTime: '2026-01-01T21:00:00.000Z',
      dayEndTime: '2026-01-01T05:00:00.000Z',
      weekDays: 31,
    });
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
    expect(row.valueCiphertext).toMatch(/^v2\./);
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

describe('GET list with includeSchedule (portal extension)', () => {
  it("adds each PIN's schedule, never its value; without it the contract id and alias, with our lastUsedDate", async () => {
    const { owner, lock } = await lockWithCast();
    const created = await api('POST', base(lock.id), {
      key: owner.key,
      body: body({ weekDays: 31, startDate: '2026-01-01T08:00:00Z' }),
    });
    const id = created.json.result.id as number;
    const withSchedule = await api('GET', `${base(lock.id)}?IncludeSchedule=true`, { key: owner.key });
    expect(withSchedule.json.result.pins).toEqual([
      {
        id,
        alias: 'Cleaner',
        startDate: '2026-01-01T08:00:00.000Z',
        endDate: null,
        dayStartTime: null,
        dayEndTime: null,
        weekDays: 31,
        lastUsedDate: null,
      },
    ]);
    expect(withSchedule.text).not.toContain('482915');
    expect((await api('GET', base(lock.id), { key: owner.key })).json.result.pins).toEqual([
      { id, alias: 'Cleaner', lastUsedDate: null },
    ]);
  });
});

describe('PUT replaces the whole PIN', () => {
  it('clears schedule fields it omits, ignores unknown fields; a PIN left without an end is read by the owner alone', async () => {
    const { owner, admin, lock } = await lockWithCast();
    const [id] = await insertPins(lock.id, [
      { value: '582013', alias: 'Old', weekDays: 31, endDate: new Date(Date.now() + 86_400_000) },
    ]);
    const put = await api('PUT', `${base(lock.id)}/${id}`, {
      key: owner.key,
      body: { alias: 'New', pin: '582013', valueCiphertext: 'x', deviceId: 999 },
    });
    expect(put.status).toBe(204);
    // without an end, it is a grant only the owner could make: its value is the owner's to read
    expect((await api('GET', `${base(lock.id)}/${id}`, { key: admin.key })).status).toBe(403);
    const one = await api('GET', `${base(lock.id)}/${id}`, { key: owner.key });
    expect(one.json.result).toEqual({
      id,
      alias: 'New',
      pin: '582013',
      startDate: null,
      endDate: null,
      dayStartTime: null,
      dayEndTime: null,
      weekDays: null,
      timeZone: 'Europe/Warsaw',
    });
    const [row] = await pinRows(lock.id);
    expect(row.deviceId).toBe(lock.id);
  });

  it('takes instants with an offset or none, and stores them as UTC', async () => {
    const { owner, lock } = await lockWithCast();
    const res = await api('POST', base(lock.id), {
      key: owner.key,
      body: body({ startDate: '2030-01-01T10:00:00+02:00', endDate: '2030-01-02T10:00:00' }),
    });
    expect(res.status).toBe(201);
    const one = await api('GET', `${base(lock.id)}/${res.json.result.id}`, { key: owner.key });
    expect(one.json.result).toMatchObject({
      startDate: '2030-01-01T08:00:00.000Z',
      endDate: '2030-01-02T10:00:00.000Z',
    });
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
    expect((await api('PUT', `${base(lock.id)}/${b}`, { key: owner.key, body: body({ pin: '582013' }) })).status).toBe(
      406,
    );
    expect(
      (
        await api('PUT', `${base(lock.id)}/${a}`, {
          key: owner.key,
          body: body({ pin: '582013', alias: 'Same value, new alias' }),
        })
      ).status,
    ).toBe(204);
    const other = await lockWithCast();
    expect(
      (await api('POST', base(other.lock.id), { key: other.owner.key, body: body({ pin: '582013' }) })).status,
    ).toBe(201);
  });

  it('the 101st PIN -> 412, and the list stays at 100', async () => {
    const { owner, lock } = await lockWithCast();
    await insertPins(
      lock.id,
      distinctPins(100).map((value) => ({ value })),
    );
    const res = await api('POST', base(lock.id), { key: owner.key, body: body() });
    expect(res.status).toBe(412);
    expect(res.json.errorMessages[0]).toMatch(/100 PINs/);
    expect(await pinRows(lock.id)).toHaveLength(100);
    const [first] = await pinRows(lock.id);
    expect((await api('PUT', `${base(lock.id)}/${first.id}`, { key: owner.key, body: body() })).status).toBe(204);
  });
});
