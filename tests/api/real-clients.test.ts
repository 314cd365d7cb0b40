import { describe, expect, it } from 'vitest';
import { AccessLevel } from '@/db/schema';
import { api } from '../support/router';
import { createBridge, createLock, createUser, grantUser } from '../support/factories/core';
import { eventually } from '../support/factories/devices';

/**
 * The public Tedee clients, with only their base URL changed to ours (/api/v37), against this
 * server: the requests they send, in their order, and the fields they read, written here in
 * TypeScript from their public source (none of their code is copied). A shape change that would
 * break one of them fails this file. What they ask that we do not serve is in
 * docs/api-compatibility.md ("The public clients").
 *
 *  - aiotedee (Home Assistant's), github.com/zweckj/aiotedee at 3580f45: aiotedee/const.py (paths),
 *    aiotedee/helpers.py (is_personal_key_valid, http_request: statuses), aiotedee/client/cloud.py
 *    (the cloud transport), aiotedee/client/base.py (get_locks, sync, unlock ?mode=3, lock,
 *    open ?mode=4, pull), aiotedee/models.py (TedeeLock.from_api_response, TedeeBridge).
 *  - pytedee, github.com/joerg65/pytedee at 0eee1b5: pytedee/pytedee/TedeeClient.py (get_devices,
 *    unlock, lock, open = pull, get_state).
 *  - homebridge-tedee, github.com/lukasroegner/homebridge-tedee at 414d22a:
 *    src/lib/clients/tedee-api-client.ts (getLocksAsync, syncLocksAsync, syncLockAsync, the
 *    operation polling), src/lib/clients/models/*.ts (the fields), src/lib/controllers/
 *    tedee-lock-controller.ts (softwareVersions, deviceRevision, lockProperties).
 */
const BASE = '/api/v37/';

/** A demo-like account: two locks on a connected bridge (one also on a second bridge), pull spring on. */
async function account() {
  const user = await createUser();
  const bridge = await createBridge({ name: 'Hall bridge' });
  await grantUser(bridge.id, user.id, AccessLevel.owner);
  const front = await createLock({ bridge, name: 'Front door', state: 6 });
  const back = await createLock({ bridge, name: 'Back door', state: 2 });
  for (const l of [front, back]) await grantUser(l.id, user.id, AccessLevel.owner);
  return { user, bridge, front, back };
}

/** aiotedee's helpers.http_request: 200/201/202/204 give the JSON, every other status raises. */
async function aiotedeeRequest(method: string, url: string, key: string): Promise<any> {
  const r = await api(method, BASE + url, {
    authorization: `PersonalKey ${key}`,
    headers: { 'content-type': 'application/json' },
  });
  if ([200, 201, 202, 204].includes(r.status)) {
    if (r.json === null) throw new Error(`aiotedee calls response.json() on ${method} ${url}: no JSON body`);
    return r.json;
  }
  const known: Record<number, string> = {
    401: 'TedeeAuthException',
    429: 'TedeeRateLimitException',
    404: 'Resource not found.',
    406: 'Request not acceptable.',
    409: 'Conflict.',
  };
  throw new Error(`${known[r.status] ?? 'Error during HTTP request'}: ${method} ${url} -> ${r.status}`);
}

/** aiotedee's models._parse_lock_properties and TedeeLock.from_api_response, field for field. */
function aiotedeeLock(data: any) {
  const props = data.lockProperties;
  const source = props ?? data;
  const settings = data.deviceSettings ?? {};
  return {
    name: data.name as string, // data["name"]: a KeyError without it
    id: data.id as number,
    type: data.type ?? 0,
    state: source.state ?? 9,
    batteryLevel: source.batteryLevel ?? null,
    isCharging: Boolean(source.isCharging ?? false),
    doorState: source.doorState ?? 0,
    stateChangeResult: props != null ? (source.stateChangeResult ?? 0) : (source.jammed ?? 0),
    isConnected: Boolean(data.isConnected ?? false),
    pullSpringEnabled: Boolean(settings.pullSpringEnabled ?? false),
    autoPullSpringEnabled: Boolean(settings.autoPullSpringEnabled ?? false),
    pullSpringDuration: settings.pullSpringDuration ?? 5,
  };
}

/** Waits as the clients do between commands (aiotedee sleeps UNLOCK_DELAY, pytedee a Timer): until the lock has settled. */
async function settled(key: string, lockId: number) {
  await eventually(async () => {
    const s = await api('GET', `${BASE}my/lock/${lockId}/sync`, { key });
    return s.json.result.deviceState && ![4, 5, 8].includes(s.json.result.deviceState.state) ? true : null;
  });
}

describe('aiotedee (Home Assistant)', () => {
  it('checks the key, lists the locks, syncs, unlocks, locks, opens, pulls and lists bridges without an error', async () => {
    const { user, bridge, front, back } = await account();
    // helpers.is_personal_key_valid: GET my/device/ with "PersonalKey <key>", valid on 200/201/202
    const check = await api('GET', `${BASE}my/device/`, { authorization: `PersonalKey ${user.key}` });
    expect([200, 201, 202]).toContain(check.status);
    expect((await api('GET', `${BASE}my/device/`, { authorization: 'PersonalKey not-a-key' })).status).toBe(401);

    // TedeeCloudClient._fetch_locks: GET my/lock/ -> r["result"], a list of locks (base.get_locks raises "No lock found" on none)
    const listed = await aiotedeeRequest('GET', 'my/lock/', user.key);
    expect(Array.isArray(listed.result)).toBe(true);
    const locks = new Map<number, ReturnType<typeof aiotedeeLock>>(
      listed.result.map((j: any) => [j.id, aiotedeeLock(j)]),
    );
    expect([...locks.values()].map((l) => [l.id, l.name, l.type, l.state, l.isConnected, l.doorState])).toEqual([
      [back.id, 'Back door', 2, 2, true, 3],
      [front.id, 'Front door', 2, 6, true, 3],
    ]);
    expect(locks.get(front.id)).toMatchObject({
      batteryLevel: 80,
      isCharging: false,
      stateChangeResult: 0,
      pullSpringDuration: expect.any(Number),
    });
    // base._filter_by_bridge with bridge_id set: connectedToId of each lock
    expect(listed.result.every((j: any) => j.connectedToId === bridge.id)).toBe(true);

    // _fetch_sync: GET my/lock/sync -> result; each lock_json["id"], then update_from_api_response
    const sync = await aiotedeeRequest('GET', 'my/lock/sync', user.key);
    for (const j of sync.result)
      expect(aiotedeeLock({ ...j, name: locks.get(j.id)!.name })).toMatchObject({
        id: j.id,
        state: locks.get(j.id)!.state,
        isConnected: true,
        batteryLevel: 80,
      });

    // unlock (?mode=3), lock, open (?mode=4), pull: POST my/lock/{id}/operation/<action>, any 2xx with JSON
    for (const action of ['unlock?mode=3', 'lock', 'unlock?mode=4', 'pull']) {
      const r = await aiotedeeRequest('POST', `my/lock/${front.id}/operation/${action}`, user.key);
      expect(r.success, action).toBe(true);
      await settled(user.key, front.id);
    }
    const after = aiotedeeLock(
      (await aiotedeeRequest('GET', 'my/lock/sync', user.key)).result.find((j: any) => j.id === front.id),
    );
    expect([2, 7]).toContain(after.state); // pulled, or unlocked again once the spring is released

    // get_bridges: GET my/bridge/ -> TedeeBridge(id, serialNumber, name) for each of r["result"]
    const bridges = (await aiotedeeRequest('GET', 'my/bridge/', user.key)).result.map((b: any) => ({
      id: b.id ?? 0,
      serial: b.serialNumber,
      name: b.name,
    }));
    expect(bridges).toEqual([{ id: bridge.id, serial: bridge.serialNumber, name: 'Hall bridge' }]);
  });

  it('its error mapping meets our statuses: 401 for a bad key, 404 for an unknown lock', async () => {
    const { user } = await account();
    await expect(aiotedeeRequest('GET', 'my/lock/', 'wrong-key')).rejects.toThrow(/TedeeAuthException/);
    await expect(aiotedeeRequest('POST', 'my/lock/2147483000/operation/lock', user.key)).rejects.toThrow(
      /Resource not found/,
    );
  });
});

describe('pytedee', () => {
  it('lists the locks, unlocks, locks, opens (pull) and reads the state as it parses them', async () => {
    const { user, front, back } = await account();
    const header = { authorization: `PersonalKey ${user.key}`, headers: { 'content-type': 'application/json' } };
    // get_devices: GET my/lock -> r.json()["result"]; x["id"], x["name"], x["isConnected"], x["lockProperties"]
    // (state, batteryLevel, isCharging, or None when null), x["deviceSettings"]["pullSpringEnabled"|"pullSpringDuration"]
    const r = await api('GET', `${BASE}my/lock`, header);
    const parsed = r.json.result.map((x: any) => {
      for (const k of ['id', 'name', 'isConnected', 'lockProperties', 'deviceSettings']) expect(x, k).toHaveProperty(k);
      const p = x.lockProperties;
      return {
        id: x.id,
        name: x.name,
        isConnected: x.isConnected,
        state: p === null ? null : p.state,
        batteryLevel: p === null ? null : p.batteryLevel,
        isCharging: p === null ? null : p.isCharging,
        pullSpring: [typeof x.deviceSettings.pullSpringEnabled, typeof x.deviceSettings.pullSpringDuration],
      };
    });
    expect(parsed).toEqual([
      {
        id: back.id,
        name: 'Back door',
        isConnected: true,
        state: 2,
        batteryLevel: 80,
        isCharging: false,
        pullSpring: ['boolean', 'number'],
      },
      {
        id: front.id,
        name: 'Front door',
        isConnected: true,
        state: 6,
        batteryLevel: 80,
        isCharging: false,
        pullSpring: ['boolean', 'number'],
      },
    ]);
    // unlock / lock / open: POST my/lock/{id}/operation/unlock|lock|pull -> r.json()["success"]
    for (const op of ['unlock', 'lock', 'pull']) {
      const c = await api('POST', `${BASE}my/lock/${front.id}/operation/${op}`, header);
      expect(c.json.success, op).toBe(true);
      await settled(user.key, front.id);
    }
    // get_state: GET my/lock/sync -> each state["id"], state["isConnected"], state["lockProperties"]
    const states = (await api('GET', `${BASE}my/lock/sync`, header)).json.result;
    for (const s of states) {
      expect(typeof s.id).toBe('number');
      expect(typeof s.isConnected).toBe('boolean');
      expect(s.lockProperties).toMatchObject({
        state: expect.any(Number),
        batteryLevel: expect.any(Number),
        isCharging: expect.any(Boolean),
      });
    }
  });
});

describe('homebridge-tedee', () => {
  it('lists the locks, syncs all and one, and follows a command’s operation to COMPLETED as it parses them', async () => {
    const { user, front } = await account();
    // a lock without a bridge: lockProperties is null (the controller checks `!this.lock.lockProperties`)
    const loose = await createLock({ name: 'Garden shed' });
    await grantUser(loose.id, user.id, AccessLevel.owner);
    const bearer = { authorization: `Bearer ${user.key}` };
    // getLocksAsync: GET {apiUri}/my/lock -> response.data.result: Lock[] (models/lock.ts)
    const locks = (await api('GET', `${BASE}my/lock`, bearer)).json.result;
    const lock = locks.find((l: any) => l.id === front.id);
    expect(lock).toMatchObject({
      id: front.id,
      name: 'Front door',
      serialNumber: front.serialNumber,
      deviceRevision: expect.any(Number),
    });
    expect(lock.deviceSettings).toMatchObject({
      pullSpringEnabled: expect.any(Boolean),
      autoPullSpringEnabled: expect.any(Boolean),
    });
    expect(lock.lockProperties).toMatchObject({ state: 6, isCharging: false, batteryLevel: 80 });
    expect(locks.find((l: any) => l.id === loose.id).lockProperties).toBeNull();
    // the controller: softwareVersions.find(s => s.softwareType === 0).version, deviceRevision.toString()
    expect(lock.softwareVersions.find((s: any) => s.softwareType === 0)).toMatchObject({ version: expect.any(String) });
    // syncLocksAsync: GET /my/lock/sync -> LockSync[] {id, lockProperties}; platform finds each by id
    const syncs = (await api('GET', `${BASE}my/lock/sync`, bearer)).json.result;
    expect(syncs.find((s: any) => s.id == front.id).lockProperties).toMatchObject({ state: 6, batteryLevel: 80 });
    // syncLockAsync: GET /my/lock/{id}/sync -> {id, lockProperties}
    expect((await api('GET', `${BASE}my/lock/${front.id}/sync`, bearer)).json.result).toMatchObject({
      id: front.id,
      lockProperties: { state: 6 },
    });
    // a command, then `while (response.data.result.status !== 'COMPLETED')` polling
    // GET /my/device/operation/{response.data.result.operationId} (its v1.18 command paths are Tedee's
    // retired ones; the v37 command answers the same operationId, docs/api-compatibility.md)
    let response = (await api('POST', `${BASE}my/lock/${front.id}/operation/unlock`, bearer)).json;
    const operationId = response.result.operationId;
    for (let i = 0; response.result.status !== 'COMPLETED'; i++) {
      expect(i).toBeLessThan(200);
      await new Promise((r) => setTimeout(r, 25));
      response = (await api('GET', `${BASE}my/device/operation/${response.result.operationId}`, bearer)).json;
    }
    expect(response.result).toMatchObject({ operationId, status: 'COMPLETED' });
    expect((await api('GET', `${BASE}my/lock/${front.id}/sync`, bearer)).json.result.lockProperties.state).toBe(2);
  });
});
