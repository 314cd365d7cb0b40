import { afterEach, describe, expect, it, vi } from 'vitest';
import { getGateway } from '@/lib/devices';
import { api } from '../support/router';
import { createLock, createUser, grantUser, lockWithCast } from '../support/factories/core';
import { insertPins, listVersionOf, pinRows, sim } from '../support/factories/pins';

/** Device failures through the simulator: nothing may change in the database when the lock refused. */
const simulatorGateway = getGateway();
const base = (lockId: number) => `/api/v37/my/lock/${lockId}/pin`;
const body = (over: Record<string, unknown> = {}) => ({ alias: 'Courier', pin: '271845', ...over });

async function snapshot(lockId: number, ownerKey: string) {
  const rows = await pinRows(lockId);
  const details = await Promise.all(
    rows.map((r) => api('GET', `${base(lockId)}/${r.id}`, { key: ownerKey }).then((x) => x.json.result)),
  );
  return { version: await listVersionOf(lockId), details: details.sort((a, b) => a.id - b.id) };
}

/** Every write (create, update, delete) answers `status` and leaves the lock's PINs exactly as they were. */
async function expectAllWritesRefused(lockId: number, key: string, status: number, arrange: () => Promise<void>) {
  const [pinId] = await insertPins(lockId, [{ value: '802613', alias: 'Before' }]);
  const before = await snapshot(lockId, key);
  const writes: Array<[string, string, unknown?]> = [
    ['POST', base(lockId), body()],
    ['PUT', `${base(lockId)}/${pinId}`, body({ alias: 'After' })],
    ['DELETE', `${base(lockId)}/${pinId}`],
  ];
  for (const [method, url, b] of writes) {
    await arrange();
    const res = await api(method, url, { key, body: b });
    expect(res.status, `${method} ${url}`).toBe(status);
    expect(res.json.success).toBe(false);
    expect(res.json.errorMessages[0].length).toBeGreaterThan(10);
    expect(await snapshot(lockId, key)).toEqual(before);
  }
}

afterEach(() => vi.restoreAllMocks());

/**
 * Another writer stores `value` on the lock while the lock confirms our first change: the moment
 * between the early duplicate check and the commit, made deterministic. Later calls run as usual.
 */
function sneakInDuringFirstWrite(lockId: number, value: string) {
  const real = simulatorGateway.writePin;
  return vi.spyOn(simulatorGateway, 'writePin').mockImplementationOnce(async (db, id, change) => {
    await real(db, id, change);
    await insertPins(lockId, [{ value, alias: 'Sneaked in' }]);
  });
}

describe('PIN writes when the lock cannot take them', () => {
  it('lock without a bridge -> 428, nothing changes', async () => {
    const owner = await createUser();
    const lone = await createLock();
    await grantUser(lone.id, owner.id, 2);
    await expectAllWritesRefused(lone.id, owner.key, 428, async () => {});
  });

  it('bridge offline -> 428, nothing changes', async () => {
    const { owner, lock, bridge } = await lockWithCast();
    await sim.bridgeOnline(bridge.id, false);
    await expectAllWritesRefused(lock.id, owner.key, 428, async () => {});
  });

  it('the lock does not answer in time -> 408, nothing changes', async () => {
    const { owner, lock } = await lockWithCast();
    await expectAllWritesRefused(lock.id, owner.key, 408, () => sim.timeoutNext(lock.id));
  });

  it('another command is running on the lock -> 409, nothing changes', async () => {
    const { owner, lock } = await lockWithCast();
    await sim.occupy(lock.id, 60_000); // held for the whole test
    await expectAllWritesRefused(lock.id, owner.key, 409, async () => {});
  });

  it('the list is served from the service copy: an offline lock still lists its PINs (and 304s)', async () => {
    const { owner, lock, bridge } = await lockWithCast();
    await insertPins(lock.id, [{ value: '802613', alias: 'Before' }]);
    await sim.bridgeOnline(bridge.id, false);
    await sim.occupy(lock.id);
    const res = await api('GET', base(lock.id), { key: owner.key });
    expect(res.status).toBe(200);
    expect(res.json.result.pins).toEqual([expect.objectContaining({ alias: 'Before' })]);
    expect((await api('GET', `${base(lock.id)}?listVersion=1`, { key: owner.key })).status).toBe(304);
  });
});

describe('PIN writes racing each other', () => {
  it('two creates at once on one lock: one lands, the other is refused (busy or duplicate), version +1', async () => {
    const { owner, lock } = await lockWithCast();
    const [a, b] = await Promise.all([
      api('POST', base(lock.id), { key: owner.key, body: body({ alias: 'A' }) }),
      api('POST', base(lock.id), { key: owner.key, body: body({ alias: 'B' }) }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(201);
    expect([406, 409]).toContain(statuses[1]);
    expect(await pinRows(lock.id)).toHaveLength(1);
    expect(await listVersionOf(lock.id)).toBe(2);
  });

  it('a value taken while the lock worked -> 406, and the lock is told to drop the PIN again', async () => {
    const { owner, lock } = await lockWithCast();
    const spy = sneakInDuringFirstWrite(lock.id, '509182');
    const res = await api('POST', base(lock.id), { key: owner.key, body: body({ pin: '509182' }) });
    expect(res.status).toBe(406);
    const kinds = spy.mock.calls.map((c) => c[2].kind);
    expect(kinds).toEqual(['add', 'remove']);
    const added = spy.mock.calls[0][2] as { kind: 'add'; pin: { id: number } };
    expect(spy.mock.calls[1][2]).toEqual({ kind: 'remove', pinId: added.pin.id });
    expect((await pinRows(lock.id)).map((r) => r.alias)).toEqual(['Sneaked in']);
    expect(await listVersionOf(lock.id)).toBe(1);
  });

  it('an update whose new value was taken meanwhile -> 406, and the lock gets the old value back', async () => {
    const { owner, lock } = await lockWithCast();
    const [pinId] = await insertPins(lock.id, [{ value: '640213', alias: 'Keeps its value' }]);
    const spy = sneakInDuringFirstWrite(lock.id, '509182');
    expect(
      (await api('PUT', `${base(lock.id)}/${pinId}`, { key: owner.key, body: body({ pin: '509182' }) })).status,
    ).toBe(406);
    expect(spy.mock.calls.map((c) => c[2])).toEqual([
      { kind: 'update', pin: { id: pinId, value: '509182' } },
      { kind: 'update', pin: { id: pinId, value: '640213' } },
    ]);
    const one = await api('GET', `${base(lock.id)}/${pinId}`, { key: owner.key });
    expect(one.json.result).toMatchObject({ alias: 'Keeps its value', pin: '640213' });
  });

  it('PIN values never reach the log, even when writes fail', async () => {
    const { owner, lock } = await lockWithCast();
    const lines: string[] = [];
    for (const m of ['log', 'error', 'warn', 'info'] as const)
      vi.spyOn(console, m).mockImplementation((...a) => void lines.push(a.map(String).join(' ')));
    const [pinId] = await insertPins(lock.id, [{ value: '630418' }]);
    await sim.timeoutNext(lock.id);
    await api('PUT', `${base(lock.id)}/${pinId}`, { key: owner.key, body: body({ pin: '774102' }) });
    await api('POST', base(lock.id), { key: owner.key, body: body({ pin: '11111' }) });
    await api('POST', base(lock.id), { key: owner.key, body: body({ pin: '630418' }) });
    expect(lines.join('\n')).not.toMatch(/630418|774102|271845/);
  });
});
