import { describe, expect, it } from 'vitest';
import { api } from '../support/router';
import { createKey, lockWithCast } from '../support/factories/core';
import { insertPins, listVersionOf } from '../support/factories/pins';

/** "PIN last used" (issue 22): the PIN list names when each PIN last opened the lock, from the lock's own report. */
const base = (lockId: number) => `/api/v37/my/lock/${lockId}/pin`;
const keypad = (lockId: number) => `/api/sim/lock/${lockId}/keypad`;
const HOUR = 3_600_000;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('lastUsedDate in GET /my/lock/{id}/pin', () => {
  it('null until the PIN opens the lock; then the instant of that opening, in the list with and without schedules', async () => {
    const { owner, lock } = await lockWithCast();
    const [walker, cleaner] = await insertPins(lock.id, [
      { value: '729104', alias: 'Dog walker' },
      {
        value: '518302',
        alias: 'Cleaner',
        dayStartTime: new Date(Date.now() + 3 * HOUR),
        dayEndTime: new Date(Date.now() + 4 * HOUR),
      },
    ]);
    const before = await api('GET', base(lock.id), { key: owner.key });
    expect(before.json.result).toEqual({
      listVersion: expect.any(Number),
      pins: [
        { id: walker, alias: 'Dog walker', lastUsedDate: null },
        { id: cleaner, alias: 'Cleaner', lastUsedDate: null },
      ],
    });
    const version = await listVersionOf(lock.id);

    const t0 = Date.now();
    expect((await api('POST', keypad(lock.id), { key: owner.key, body: { pin: '729104' } })).json.result.event).toBe(
      61,
    );
    // wrong, and outside its hours: not a use
    expect((await api('POST', keypad(lock.id), { key: owner.key, body: { pin: '999123' } })).json.result.event).toBe(
      62,
    );
    expect((await api('POST', keypad(lock.id), { key: owner.key, body: { pin: '518302' } })).json.result.event).toBe(
      75,
    );

    const after = await api('GET', base(lock.id), { key: owner.key });
    const [w, c] = after.json.result.pins;
    expect(w).toEqual({ id: walker, alias: 'Dog walker', lastUsedDate: expect.stringMatching(ISO) });
    expect(Date.parse(w.lastUsedDate)).toBeGreaterThanOrEqual(t0 - 1);
    expect(Date.parse(w.lastUsedDate)).toBeLessThanOrEqual(Date.now());
    expect(c).toEqual({ id: cleaner, alias: 'Cleaner', lastUsedDate: null });
    // a use is not a change of the list: the version stays (a client holding it gets 304)
    expect(await listVersionOf(lock.id)).toBe(version);

    const withSchedule = await api('GET', `${base(lock.id)}?includeSchedule=true`, { key: owner.key });
    expect(withSchedule.json.result.pins[0]).toMatchObject({
      id: walker,
      lastUsedDate: w.lastUsedDate,
      weekDays: null,
    });
    expect(withSchedule.json.result.pins[1]).toMatchObject({ id: cleaner, lastUsedDate: null });
  });

  it('moves on with each later opening and never back', async () => {
    const { owner, lock } = await lockWithCast();
    await insertPins(lock.id, [{ value: '729104', alias: 'Dog walker' }]);
    await api('POST', keypad(lock.id), { key: owner.key, body: { pin: '729104' } });
    const first = (await api('GET', base(lock.id), { key: owner.key })).json.result.pins[0].lastUsedDate;
    await new Promise((r) => setTimeout(r, 5));
    await api('POST', keypad(lock.id), { key: owner.key, body: { pin: '729104' } });
    const second = (await api('GET', base(lock.id), { key: owner.key })).json.result.pins[0].lastUsedDate;
    expect(Date.parse(second)).toBeGreaterThan(Date.parse(first));
  });

  it('is read only by those who manage the PINs: a guest 403, an outsider 404, like the list', async () => {
    const { owner, guest, outsider, lock } = await lockWithCast();
    await insertPins(lock.id, [{ value: '729104', alias: 'Dog walker' }]);
    expect(
      (await api('GET', base(lock.id), { key: await createKey(owner.id, ['Device.Read']) })).json.result.pins[0],
    ).toHaveProperty('lastUsedDate', null);
    expect((await api('GET', base(lock.id), { key: guest.key })).status).toBe(403);
    expect((await api('GET', base(lock.id), { key: outsider.key })).status).toBe(404);
  });
});
