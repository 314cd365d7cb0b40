import { describe, expect, it } from 'vitest';
import { AccessLevel } from '@/db/schema';
import { api } from '../support/router';
import { createUser, grantUser, lockWithCast } from '../support/factories/core';
import { activityOf, createDoorSensor, deviceRow, outboxOf } from '../support/factories/devices';
import { outsideWindow } from '../support/factories/schedule';

/** Door sensors (issue 19): read one, rename it (revision), remove it (the lock then has no sensor). */
const S = '/api/v37/my/doorsensor';

async function sensorCast() {
  const cast = await lockWithCast();
  const sensor = await createDoorSensor(cast.lock);
  await grantUser(sensor.id, cast.owner.id, AccessLevel.owner);
  await grantUser(sensor.id, cast.admin.id, AccessLevel.administrator);
  await grantUser(sensor.id, cast.guest.id, AccessLevel.guest);
  return { ...cast, sensor };
}

describe('door sensors', () => {
  it('GET one: the list’s shape, user settings on request; 404 for outsiders', async () => {
    const { owner, outsider, lock, sensor } = await sensorCast();
    const r = await api('GET', `${S}/${sensor.id}?includeUserSettings=true`, { key: owner.key });
    expect(r.status).toBe(200);
    expect(r.json.result).toMatchObject({
      id: sensor.id,
      type: 8,
      name: sensor.name,
      connectedToLockId: lock.id,
      isConnected: null,
      revision: 1,
      userSettings: { favorite: false },
      deviceState: { batteryLevel: 90 },
    });
    const listed = (await api('GET', `${S}?includeUserSettings=true`, { key: owner.key })).json.result.doorSensors[0];
    expect(r.json.result).toEqual(listed);
    expect((await api('GET', `${S}/${sensor.id}`, { key: outsider.key })).status).toBe(404);
    expect((await api('GET', `${S}/${lock.id}`, { key: owner.key })).status).toBe(404);
  });

  it('is renamed by an administrator: {id, revision, targetDeviceRevision}, activity 20008 and device-settings-changed; a stale revision gets 409', async () => {
    const { admin, owner, sensor } = await sensorCast();
    const r = await api('PATCH', `${S}/${sensor.id}`, {
      key: admin.key,
      body: { revision: 1, name: 'Hall door sensor', timeZone: 'Europe/Berlin' },
    });
    expect(r.status).toBe(200);
    expect(r.json.result).toEqual({ id: sensor.id, revision: 2, targetDeviceRevision: 1 });
    expect((await api('GET', `${S}/${sensor.id}`, { key: owner.key })).json.result).toMatchObject({
      name: 'Hall door sensor',
      timeZone: 'Europe/Berlin',
      revision: 2,
    });
    expect((await activityOf(sensor.id)).map((a) => [a.event, a.userId])).toEqual([[20008, admin.id]]);
    const out = await outboxOf(sensor.id);
    expect(out[0].payload as any).toMatchObject({
      event: 'device-settings-changed',
      data: { deviceId: sensor.id, deviceType: 8, name: 'Hall door sensor', revision: 2 },
    });
    const stale = await api('PATCH', `${S}/${sensor.id}`, { key: owner.key, body: { revision: 1, name: 'Mine' } });
    expect(stale.status).toBe(409);
    expect((await deviceRow(sensor.id)).name).toBe('Hall door sensor');
  });

  it('a guest may only mark it a favorite for themselves; an administrator outside their schedule may not rename it; 400 for bad input', async () => {
    const { guest, owner, sensor } = await sensorCast();
    const offHours = await createUser();
    await grantUser(sensor.id, offHours.id, AccessLevel.administrator, outsideWindow());
    expect(
      (await api('PATCH', `${S}/${sensor.id}`, { key: guest.key, body: { revision: 1, name: 'Guest’s' } })).status,
    ).toBe(403);
    expect(
      (await api('PATCH', `${S}/${sensor.id}`, { key: offHours.key, body: { revision: 1, name: 'Late' } })).status,
    ).toBe(403);
    const fav = await api('PATCH', `${S}/${sensor.id}`, {
      key: guest.key,
      body: { revision: 1, userSettings: { favorite: true } },
    });
    expect(fav.json.result).toEqual({ id: sensor.id, revision: 2, targetDeviceRevision: 1 });
    expect(
      (await api('GET', `${S}/${sensor.id}?includeUserSettings=true`, { key: guest.key })).json.result.userSettings,
    ).toEqual({ favorite: true });
    expect(
      (await api('GET', `${S}/${sensor.id}?includeUserSettings=true`, { key: owner.key })).json.result.userSettings,
    ).toEqual({ favorite: false });
    for (const body of [
      { name: 'x' },
      { revision: 2, name: '' },
      { revision: 2, timeZone: 'Nowhere/Land' },
      { revision: 'two' },
    ]) {
      expect((await api('PATCH', `${S}/${sensor.id}`, { key: owner.key, body })).status, JSON.stringify(body)).toBe(
        400,
      );
    }
  });

  it('is removed by its owner: 204, gone, and its lock has no door sensor (doorState 0), told to subscribers', async () => {
    const { owner, guest, lock, sensor } = await sensorCast();
    expect(
      (await api('GET', `/api/v37/my/lock/${lock.id}`, { key: owner.key })).json.result.deviceState.doorState,
    ).toBe(3);
    expect((await api('DELETE', `${S}/${sensor.id}`, { key: guest.key })).status).toBe(403);
    const r = await api('DELETE', `${S}/${sensor.id}`, { key: owner.key });
    expect(r.status).toBe(204);
    expect((await api('GET', `${S}/${sensor.id}`, { key: owner.key })).status).toBe(404);
    expect(await deviceRow(sensor.id)).toBeUndefined();
    expect(
      (await api('GET', `/api/v37/my/lock/${lock.id}`, { key: owner.key })).json.result.deviceState.doorState,
    ).toBe(0);
    const status = (await outboxOf(lock.id)).filter((o) => o.event === 'lock-status-changed');
    expect((status.at(-1)!.payload as any).data).toMatchObject({ deviceId: lock.id, doorState: 0, state: 6 });
    // the door can no longer be opened or closed through it
    expect(
      (await api('POST', `/api/sim/device/${lock.id}`, { key: owner.key, body: { action: 'door', open: true } }))
        .status,
    ).toBe(409);
  });
});
