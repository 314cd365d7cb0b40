import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '@/db/schema';
import { DoorState, LockState, OpResult } from '@/lib/shared/devices/codes';
import { attention } from '@/lib/domain/devices/attention';
import { createBridge, createLock, grantUser, ctxOf } from '../support/factories/core';
import { createDoorSensor, setDevice } from '../support/factories/devices';
import { createGate, orgWithCast, type Cast } from '../support/factories/organization';
import { api } from '../support/router';

/**
 * Issue 33, item 4: what needs attention is one list computed on the server (GET /my/attention)
 * for Home, Devices and the link picker: every door the caller sees that cannot open now, whoever
 * administers its bridge, and counts that count what their names say.
 */

let c: Cast;
let offlineBridge: { id: number; name: string };
let behindOffline: { id: number; name: string };
let emptyLock: { id: number; name: string };
let healthy: { id: number; name: string };
let gate: { id: number; name: string };
let noBridge: { id: number; name: string };

beforeAll(async () => {
  c = await orgWithCast();
  const org = c.org.id;
  offlineBridge = await createBridge({ organizationId: org, name: 'Hall bridge', isConnected: false });
  const onlineBridge = await createBridge({ organizationId: org, name: 'Yard bridge' });
  behindOffline = await createLock({ bridge: offlineBridge, organizationId: org, name: 'Back door' });
  emptyLock = await createLock({ bridge: onlineBridge, organizationId: org, name: 'Cellar door' });
  await setDevice(emptyLock.id, { batteryLevel: 0, isCharging: false });
  healthy = await createLock({ bridge: onlineBridge, organizationId: org, name: 'Front door' });
  noBridge = await createLock({ organizationId: org, name: 'Shed door' });
  gate = await createGate(org, { name: 'Car park gate', isConnected: false }, { isConnected: false });
  for (const d of [offlineBridge, onlineBridge, behindOffline, emptyLock, healthy, noBridge, gate])
    await grantUser(d.id, c.owner.id, AccessLevel.owner);
  // the administrator administers the lock behind the offline bridge, not the bridge
  await grantUser(behindOffline.id, c.admin.id, AccessLevel.administrator);
  await grantUser(healthy.id, c.admin.id, AccessLevel.administrator);
  // the member is a guest on the healthy lock only
  await grantUser(healthy.id, c.member.id, AccessLevel.guest);
});

const get = (key: string, query = '') => api('GET', `/api/v37/my/attention${query}`, { key });
const ids = (r: { json: { result: { cannotOpen: Array<{ deviceId: number }> } } }) =>
  r.json.result.cannotOpen.map((d) => d.deviceId);

describe('GET /my/attention', () => {
  it('the owner: every door that cannot open, the reason in words, counts per kind (a bridge or gate is never a lock)', async () => {
    const r = await get(c.owner.key);
    expect(r.status).toBe(200);
    const { counts, cannotOpen, notices } = r.json.result;
    expect(counts).toEqual({
      locks: 4,
      locksCannotOpen: 3,
      locked: 2,
      unlocked: 0,
      gates: 1,
      gatesCannotOpen: 1,
      bridges: 2,
      bridgesOffline: 1,
      doorSensors: 0,
    });
    expect(cannotOpen).toEqual([
      {
        deviceId: behindOffline.id,
        name: 'Back door',
        kind: 'lock',
        organizationId: c.org.id,
        reason: 'bridgeOffline',
        words: 'Its bridge Hall bridge is offline: nobody can open it from afar until the bridge is back.',
        bridge: { id: offlineBridge.id, name: 'Hall bridge' },
      },
      expect.objectContaining({ deviceId: gate.id, kind: 'gate', reason: 'gateDisconnected', bridge: null }),
      expect.objectContaining({ deviceId: noBridge.id, reason: 'noBridge' }),
      expect.objectContaining({
        deviceId: emptyLock.id,
        reason: 'batteryEmpty',
        words: 'Its battery is empty: charge it, it cannot move the bolt.',
      }),
    ]);
    expect(ids(r)).not.toContain(healthy.id);
    expect(notices).toEqual([
      expect.objectContaining({
        deviceId: offlineBridge.id,
        kind: 'bridge',
        reason: 'bridgeOffline',
        words: 'Offline: Back door cannot be opened from afar until it is back. Check its power and Wi-Fi.',
      }),
    ]);
  });

  it('an administrator without the bridge sees the lock behind it as unable to open, the bridge unnamed', async () => {
    const r = await get(c.admin.key);
    expect(r.status).toBe(200);
    expect(r.json.result.cannotOpen).toEqual([
      {
        deviceId: behindOffline.id,
        name: 'Back door',
        kind: 'lock',
        organizationId: c.org.id,
        reason: 'bridgeOffline',
        words: 'Its bridge is offline: nobody can open it from afar until the bridge is back.',
        bridge: null,
      },
    ]);
    expect(JSON.stringify(r.json.result)).not.toContain('Hall bridge');
    expect(r.json.result.counts).toMatchObject({ locks: 2, locksCannotOpen: 1, bridges: 0, bridgesOffline: 0 });
    expect(r.json.result.notices).toEqual([]);
  });

  it('a member (guest on a healthy lock) has nothing that cannot open; an outsider sees none of it', async () => {
    const m = await get(c.member.key);
    expect(m.status).toBe(200);
    expect(m.json.result.cannotOpen).toEqual([]);
    expect(m.json.result.counts).toMatchObject({ locks: 1, locksCannotOpen: 0, gates: 0, bridges: 0 });
    const o = await get(c.outsider.key);
    expect(o.status).toBe(200);
    expect(o.json.result).toEqual({
      counts: {
        locks: 0,
        locksCannotOpen: 0,
        locked: 0,
        unlocked: 0,
        gates: 0,
        gatesCannotOpen: 0,
        bridges: 0,
        bridgesOffline: 0,
        doorSensors: 0,
      },
      cannotOpen: [],
      notices: [],
    });
  });

  it('organizationId narrows to one organization; another one gives an empty list; a bad one is 400', async () => {
    const mine = await get(c.owner.key, `?organizationId=${c.org.id}`);
    expect(ids(mine)).toEqual([behindOffline.id, gate.id, noBridge.id, emptyLock.id]);
    const other = await get(c.owner.key, `?organizationId=${c.other.id}`);
    expect(other.status).toBe(200);
    expect(other.json.result.cannotOpen).toEqual([]);
    expect(other.json.result.counts.locks).toBe(0);
    for (const bad of ['abc', '0', '-3']) expect((await get(c.owner.key, `?organizationId=${bad}`)).status).toBe(400);
  });

  it('the list and counts agree with the device lists and with what the Home page prefetches', async () => {
    for (const who of [c.owner, c.admin, c.member]) {
      const [a, d] = await Promise.all([get(who.key), api('GET', '/api/v37/my/device/details', { key: who.key })]);
      const { counts, cannotOpen } = a.json.result;
      const det = d.json.result;
      expect(counts.locks).toBe(det.locks.length);
      expect(counts.gates).toBe(det.gates.length);
      expect(counts.bridges).toBe(det.bridges.length);
      // every lock the details call offline is a door that cannot open, and the other way round for bridge links
      const offline = det.locks.filter((l: { isConnected: boolean | null }) => l.isConnected === false);
      for (const l of offline) expect(cannotOpen.map((x: { deviceId: number }) => x.deviceId)).toContain(l.id);
      // Home's server-side prefetch is the same verb: the same answer
      const prefetched = await attention(await ctxOf(who));
      expect(prefetched).toEqual(a.json.result);
    }
  });

  it('notices: a heard lock with its door open, a timed-out command or a low battery (not while charging), a door sensor low; counted locked and unlocked only while heard', async () => {
    const o = await orgWithCast();
    const yard = await createBridge({ organizationId: o.org.id, name: 'Notice bridge' });
    const hall = await createBridge({ organizationId: o.org.id, name: 'Quiet bridge', isConnected: false });
    const open = await createLock({ bridge: yard, organizationId: o.org.id, name: 'Open door' });
    const late = await createLock({ bridge: yard, organizationId: o.org.id, name: 'Late door' });
    const low = await createLock({ bridge: yard, organizationId: o.org.id, name: 'Low door' });
    const charging = await createLock({ bridge: yard, organizationId: o.org.id, name: 'Charging door' });
    const unheard = await createLock({ bridge: hall, organizationId: o.org.id, name: 'Unheard door' });
    const sensor = await createDoorSensor(open, { organizationId: o.org.id, name: 'Open door sensor' });
    await setDevice(open.id, { doorState: DoorState.opened, state: LockState.unlocked });
    await setDevice(late.id, { stateChangeResult: OpResult.timedOut, state: LockState.locked });
    await setDevice(low.id, { batteryLevel: 12, isCharging: false, state: LockState.pulled });
    await setDevice(charging.id, { batteryLevel: 12, isCharging: true, state: LockState.locked });
    // what the service last heard of a lock behind an offline bridge is no notice and no count
    await setDevice(unheard.id, { doorState: DoorState.opened, batteryLevel: 5, state: LockState.unlocked });
    await setDevice(sensor.id, { batteryLevel: 10 });
    for (const d of [yard, hall, open, late, low, charging, unheard, sensor])
      await grantUser(d.id, o.owner.id, AccessLevel.owner);
    const r = await get(o.owner.key);
    expect(r.status).toBe(200);
    expect(r.json.result.notices.map((n: { name: string; reason: string }) => `${n.name}: ${n.reason}`)).toEqual([
      'Late door: lastCommandTimedOut',
      'Low door: batteryLow',
      'Open door: doorOpen',
      'Open door sensor: batteryLow',
      'Quiet bridge: bridgeOffline',
    ]);
    expect(r.json.result.notices).toContainEqual(
      expect.objectContaining({ name: 'Low door', words: 'Battery 12%: charge it soon, or it stops opening.' }),
    );
    expect(r.json.result.notices).toContainEqual(
      expect.objectContaining({
        name: 'Quiet bridge',
        words: 'Offline: Unheard door cannot be opened from afar until it is back. Check its power and Wi-Fi.',
      }),
    );
    expect(r.json.result.counts).toEqual({
      locks: 5,
      locksCannotOpen: 1,
      locked: 2,
      unlocked: 2,
      gates: 0,
      gatesCannotOpen: 0,
      bridges: 2,
      bridgesOffline: 1,
      doorSensors: 1,
    });
    expect(ids(r)).toEqual([unheard.id]);
  });

  it('a lock that comes back leaves the list at once; without credentials 401', async () => {
    await setDevice(offlineBridge.id, { isConnected: true });
    try {
      const r = await get(c.admin.key);
      expect(r.json.result.cannotOpen).toEqual([]);
      expect(r.json.result.counts.locksCannotOpen).toBe(0);
    } finally {
      await setDevice(offlineBridge.id, { isConnected: false });
    }
    expect((await api('GET', '/api/v37/my/attention')).status).toBe(401);
  });
});
