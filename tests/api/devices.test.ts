import { describe, expect, it } from 'vitest';
import { AccessLevel } from '@/db/schema';
import { api } from '../support/router';
import { createLock, createUser, grantUser, lockWithCast } from '../support/factories/core';
import { createDoorSensor, createGate } from '../support/factories/devices';

const Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An owner with one of each kind: bridge + paired lock, a lock without bridge, a door sensor, a gate. */
async function household() {
  const cast = await lockWithCast();
  const lonely = await createLock({ name: `A lonely ${cast.lock.name}` });
  const sensor = await createDoorSensor(cast.lock);
  const gate = await createGate();
  for (const d of [lonely, sensor, gate]) await grantUser(d.id, cast.owner.id, AccessLevel.owner);
  await grantUser(sensor.id, cast.guest.id, AccessLevel.guest);
  return { ...cast, lonely, sensor, gate };
}

describe('GET /my/device/details', () => {
  it('answers bridges, locks, keypads, gates and dryContacts', async () => {
    const h = await household();
    const r = await api('GET', '/api/v37/my/device/details?includeUserSettings=true&includeAccessories=true', {
      key: h.owner.key,
    });
    expect(r.status).toBe(200);
    const x = r.json.result;
    expect(Object.keys(x).sort()).toEqual(['bridges', 'dryContacts', 'gates', 'keypads', 'locks']);
    expect(x.keypads).toEqual([]);
    expect(x.dryContacts).toEqual([]);
    expect(x.bridges.map((b: any) => b.id)).toEqual([h.bridge.id]);
    expect(x.bridges[0]).toMatchObject({
      type: 1,
      isConnected: true,
      beaconMajor: 100,
      beaconMinor: 1,
      wasConfigured: true,
      isUpdating: false,
      timeZone: 'Europe/Warsaw',
      accessLevel: 2,
    });
    expect(x.locks.map((l: any) => l.id).sort()).toEqual([h.lock.id, h.lonely.id].sort());
    for (const l of x.locks) {
      expect(l).toHaveProperty('userSettings');
      expect(l.accessories).toEqual([]);
    }
    expect(x.locks.find((l: any) => l.id === h.lonely.id)).toMatchObject({ deviceState: null, isConnected: null });
    expect(x.gates.map((g: any) => g.id)).toEqual([h.gate.id]);
    expect(x.gates[0].userSettings).toEqual({ favorite: false });
  });

  it('a guest sees only what was shared; an outsider gets empty lists; 401 and 403 as usual', async () => {
    const h = await household();
    const g = (await api('GET', '/api/v37/my/device/details', { key: h.guest.key })).json.result;
    expect(g.locks.map((l: any) => [l.id, l.accessLevel])).toEqual([[h.lock.id, 0]]);
    expect(g.locks[0]).not.toHaveProperty('userSettings');
    expect(g.bridges).toEqual([]);
    const o = (await api('GET', '/api/v37/my/device/details', { key: h.outsider.key })).json.result;
    expect(o).toEqual({ bridges: [], locks: [], keypads: [], gates: [], dryContacts: [] });
    expect((await api('GET', '/api/v37/my/device/details')).status).toBe(401);
    expect(
      (await api('GET', '/api/v37/my/device/details', { key: await h.owner.keyWith(['Lock.Operate']) })).status,
    ).toBe(403);
    expect((await api('GET', '/api/v37/my/device/details?IncludeAccessories=yes', { key: h.owner.key })).status).toBe(
      400,
    );
  });
});

describe('GET /my/doorsensor, /my/bridge, /my/device', () => {
  it('door sensors: {page, itemsPerPage, doorSensors} with connectedToLockId and deviceState', async () => {
    const h = await household();
    const r = await api('GET', '/api/v37/my/doorsensor?includeUserSettings=true', { key: h.owner.key });
    expect(r.status).toBe(200);
    expect(r.json.result).toMatchObject({ page: 1, itemsPerPage: 100 });
    const [s] = r.json.result.doorSensors;
    expect(s).toMatchObject({
      id: h.sensor.id,
      type: 8,
      connectedToLockId: h.lock.id,
      isConnected: null,
      organizationId: null,
      userSettings: { favorite: false },
    });
    expect(s.deviceState.batteryLevel).toBe(90);
    expect(s.deviceState.batteryLevelModifiedTime).toMatch(Z);
    const plain = (await api('GET', '/api/v37/my/doorsensor', { key: h.owner.key })).json.result.doorSensors[0];
    expect(plain).not.toHaveProperty('userSettings');
    expect(
      (
        await api('GET', `/api/v37/my/doorsensor?filters.name=${encodeURIComponent(h.sensor.name.toUpperCase())}`, {
          key: h.owner.key,
        })
      ).json.result.doorSensors,
    ).toHaveLength(1);
    expect(
      (await api('GET', '/api/v37/my/doorsensor?filters.name=nothing-like-it', { key: h.owner.key })).json.result
        .doorSensors,
    ).toEqual([]);
    expect((await api('GET', '/api/v37/my/doorsensor?itemsPerPage=500', { key: h.owner.key })).status).toBe(400);
    expect((await api('GET', '/api/v37/my/doorsensor', { key: h.outsider.key })).json.result.doorSensors).toEqual([]);
  });

  it('bridges and all devices of the caller, each kind in its own shape', async () => {
    const h = await household();
    const b = await api('GET', '/api/v37/my/bridge/', { key: h.owner.key });
    expect(b.status).toBe(200);
    expect(b.json.result.map((x: any) => x.id)).toEqual([h.bridge.id]);
    const all = (await api('GET', '/api/v37/my/device', { key: h.owner.key })).json.result;
    expect(all.map((x: any) => x.id).sort()).toEqual(
      [h.bridge.id, h.lock.id, h.lonely.id, h.sensor.id, h.gate.id].sort(),
    );
    expect(all.find((x: any) => x.id === h.gate.id)).toHaveProperty('externalId');
    expect(all.find((x: any) => x.id === h.sensor.id)).toHaveProperty('connectedToLockId');
    const stranger = await createUser();
    expect((await api('GET', '/api/v37/my/device', { key: stranger.key })).json.result).toEqual([]);
    expect((await api('GET', '/api/v37/my/bridge', { key: await stranger.keyWith(['DeviceShare.Read']) })).status).toBe(
      403,
    );
  });
});
