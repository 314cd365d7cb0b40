import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@/app/api/v37/openapi.json/document';
import { AccessLevel } from '@/db/schema';
import { createBridge, createLock, createUser, grantUser } from '../support/factories/core';
import { eventually } from '../support/factories/devices';
import { api } from '../support/router';

/**
 * What older public Tedee clients send that v37 dropped (issue 32, part 3), each in the client's
 * own form, with the answer it reads:
 *  - homebridge-tedee 0.4.1 (lukasroegner/homebridge-tedee, src/lib/clients/tedee-api-client.ts) and
 *    tedee-api-client 0.0.4 (solderra/tedee-api-client, src/clients/tedee-api-client.ts):
 *    `POST {api}/my/lock/open|close|pull-spring` with `{ deviceId: lock.id }`, then
 *    `while (response.data.result.status !== 'COMPLETED')` polling /my/device/operation/{operationId};
 *  - pytedee (joerg65/pytedee, TedeeClient.get_battery): `GET my/device/{id}/battery` -> result["level"];
 *  - the Homey app (edwinvdpol/homey-tedee, lib/Client.js): discovery `GET /my/keypad` (a list), and
 *    `PATCH /my/bridge` with `{ id, ...settings }` (updateSettings('bridge', ...), no revision).
 */
const V = '/api/v37/my';

async function account() {
  const user = await createUser();
  const bridge = await createBridge({ name: 'Hall bridge' });
  await grantUser(bridge.id, user.id, AccessLevel.owner);
  const lock = await createLock({ bridge, name: 'Front door', state: 6 });
  await grantUser(lock.id, user.id, AccessLevel.owner);
  return { user, bridge, lock };
}

/** homebridge-tedee's closeAsync / openAsync / pullSpringAsync: the command, then polling to COMPLETED. */
async function homebridgeCommand(key: string, path: string, deviceId: number) {
  let response = await api('POST', `${V}/lock/${path}`, { key, body: { deviceId } });
  expect(response.status, response.text).toBe(202);
  const operationId = response.json.result.operationId as string;
  for (let i = 0; response.json.result.status !== 'COMPLETED'; i++) {
    expect(i).toBeLessThan(400);
    await new Promise((r) => setTimeout(r, 25));
    response = await api('GET', `${V}/device/operation/${response.json.result.operationId}`, { key });
  }
  expect(response.json.result).toMatchObject({ operationId, status: 'COMPLETED' });
}

const stateOf = async (key: string, id: number) =>
  (await api('GET', `${V}/lock/${id}/sync`, { key })).json.result.deviceState.state as number;

describe('the v1.1x command paths (homebridge-tedee, tedee-api-client)', () => {
  it('open, close and pull-spring with {deviceId} unlock, lock and pull the lock, like the v37 verbs', async () => {
    const { user, lock } = await account();
    await homebridgeCommand(user.key, 'open', lock.id);
    expect(await stateOf(user.key, lock.id)).toBe(2);
    await homebridgeCommand(user.key, 'close', lock.id);
    expect(await stateOf(user.key, lock.id)).toBe(6);
    await homebridgeCommand(user.key, 'open', lock.id);
    await homebridgeCommand(user.key, 'pull-spring', lock.id);
    expect([7, 2]).toContain(await stateOf(user.key, lock.id));
    // the activity says who did it, remotely, as for the v37 verbs (33 unlocked, 32 locked, 51 pulled)
    const events = await eventually(async () => {
      const r = await api('GET', `/api/v37/my/deviceactivity?deviceId=${lock.id}`, { key: user.key });
      const e = r.json.result.map((a: { event: number }) => a.event);
      return e.includes(51) ? e : null;
    });
    expect(events).toEqual(expect.arrayContaining([33, 32, 51]));
  });

  it('are the same verbs: another person’s lock is 404, a guest without remote opening 403, no body 400', async () => {
    const { user, lock } = await account();
    const stranger = await createUser();
    expect((await api('POST', `${V}/lock/open`, { key: stranger.key, body: { deviceId: lock.id } })).status).toBe(404);
    const guest = await createUser();
    await grantUser(lock.id, guest.id, AccessLevel.guest, { remoteAccessDisabled: true });
    expect((await api('POST', `${V}/lock/open`, { key: guest.key, body: { deviceId: lock.id } })).status).toBe(403);
    const none = await api('POST', `${V}/lock/close`, { key: user.key, body: {} });
    expect(none.status).toBe(400);
    expect(none.json.errorMessages).toEqual(['deviceId: must be the id of a lock (a number)']);
    // a key without Lock.Operate
    const readOnly = await user.keyWith(['Device.Read']);
    expect((await api('POST', `${V}/lock/open`, { key: readOnly, body: { deviceId: lock.id } })).status).toBe(403);
  });

  it('a lock paths still answers GET for its id, and open/close/pull-spring take POST only (405 with Allow)', async () => {
    const { user, lock } = await account();
    expect((await api('GET', `${V}/lock/${lock.id}`, { key: user.key })).status).toBe(200);
    const get = await api('GET', `${V}/lock/open`, { key: user.key });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toContain('POST');
  });
});

describe('pytedee: GET /my/device/{id}/battery', () => {
  it('answers the lock’s battery as {level, isCharging, modifiedDate}; another person’s lock 404', async () => {
    const { user, lock } = await account();
    const r = await api('GET', `${V}/device/${lock.id}/battery`, { key: user.key });
    expect(r.status).toBe(200);
    expect(r.json.success).toBe(true);
    expect(r.json.result).toMatchObject({ level: 80, isCharging: false });
    const stranger = await createUser();
    expect((await api('GET', `${V}/device/${lock.id}/battery`, { key: stranger.key })).status).toBe(404);
  });
});

describe('the Homey app', () => {
  it('GET /my/keypad lists no keypads (as /my/device/details)', async () => {
    const { user } = await account();
    const r = await api('GET', `${V}/keypad`, { key: user.key });
    expect(r.status).toBe(200);
    expect(r.json.result).toEqual([]);
    expect((await api('GET', `${V}/device/details`, { key: user.key })).json.result.keypads).toEqual([]);
  });

  it('PATCH /my/bridge renames a bridge (revision optional, 409 when a stale one is sent); no local API to switch on', async () => {
    const { user, bridge } = await account();
    const renamed = await api('PATCH', `${V}/bridge`, { key: user.key, body: { id: bridge.id, name: 'Porch bridge' } });
    expect(renamed.status).toBe(200);
    expect(renamed.json.result).toMatchObject({ id: bridge.id, revision: bridge.revision + 1 });
    const listed = (await api('GET', `${V}/bridge`, { key: user.key })).json.result;
    expect(listed.find((b: { id: number }) => b.id === bridge.id).name).toBe('Porch bridge');
    // Homey's own body for its "local API" setting: off is what it is here; on is refused, not pretended
    const off = await api('PATCH', `${V}/bridge`, { key: user.key, body: { id: bridge.id, localApiEnabled: false } });
    expect(off.status).toBe(200);
    const on = await api('PATCH', `${V}/bridge`, { key: user.key, body: { id: bridge.id, localApiEnabled: true } });
    expect(on.status).toBe(400);
    expect(on.json.errorMessages[0]).toMatch(/^localApiEnabled: /);
    const stale = await api('PATCH', `${V}/bridge`, {
      key: user.key,
      body: { id: bridge.id, revision: bridge.revision, name: 'Old' },
    });
    expect(stale.status).toBe(409);
    const guest = await createUser();
    await grantUser(bridge.id, guest.id, AccessLevel.guest);
    expect((await api('PATCH', `${V}/bridge`, { key: guest.key, body: { id: bridge.id, name: 'Mine' } })).status).toBe(
      403,
    );
  });
});

describe('the OpenAPI document', () => {
  it('marks the legacy forms deprecated, and only them', () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, { deprecated?: boolean }>> };
    const deprecated = Object.entries(doc.paths)
      .flatMap(([p, item]) => Object.entries(item).map(([m, op]) => (op.deprecated ? `${m.toUpperCase()} ${p}` : null)))
      .filter(Boolean)
      .sort();
    expect(deprecated).toEqual([
      'GET /api/v37/my/device/{deviceId}/battery',
      'POST /api/v37/my/lock/close',
      'POST /api/v37/my/lock/open',
      'POST /api/v37/my/lock/pull-spring',
    ]);
  });
});
