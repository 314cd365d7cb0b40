import { describe, expect, it } from 'vitest';
import { AccessLevel } from '@/db/schema';
import { api } from '../support/router';
import { createLock, createOrg, createUser, grantUser, lockWithCast } from '../support/factories/core';
import { setDevice } from '../support/factories/devices';

const NO_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('GET /my/lock/{id}', () => {
  it('answers the lock with the contract fields and types', async () => {
    const { owner, lock, bridge } = await lockWithCast();
    const r = await api('GET', `/api/v37/my/lock/${lock.id}`, { key: owner.key });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true, errorMessages: [], statusCode: 200 });
    const l = r.json.result;
    expect(l).toMatchObject({
      id: lock.id,
      name: lock.name,
      serialNumber: lock.serialNumber,
      type: 2,
      timeZone: 'Europe/Warsaw',
      isConnected: true,
      accessLevel: 2,
      connectedToId: bridge.id,
      beaconMajor: 100,
      beaconMinor: 2,
      revision: expect.any(Number),
      deviceRevision: expect.any(Number),
      targetDeviceRevision: expect.any(Number),
      userIdentity: expect.any(String),
    });
    expect(l.created).toMatch(NO_ZONE);
    expect(l.accessDetails).toEqual({
      accessLevel: 2,
      remoteAccessDisabled: false,
      weekDays: null,
      startDate: null,
      endDate: null,
      dayStartTime: null,
      dayEndTime: null,
    });
    expect(l.softwareVersions).toEqual([{ softwareType: 0, version: '1.9.0', updateAvailable: false }]);
    expect(Object.keys(l.deviceState).sort()).toEqual([
      'batteryLevel',
      'doorState',
      'isCharging',
      'lastStateChangedDate',
      'state',
      'stateChangeResult',
    ]);
    expect(l.deviceState).toMatchObject({
      state: 6,
      doorState: 3,
      isCharging: false,
      batteryLevel: 80,
      stateChangeResult: 0,
    });
    expect(l.deviceState.lastStateChangedDate).toMatch(Z);
    expect(l.deviceSettings).toMatchObject({
      autoLockEnabled: false,
      pullSpringDuration: 2,
      doorStateEventLoggingEnabled: true,
      isAsync: false,
    });
    expect(Object.keys(l.deviceSettings)).toHaveLength(16);
    expect(l).not.toHaveProperty('userSettings');
    expect(l).not.toHaveProperty('accessories');
    expect(l).not.toHaveProperty('organizationId');
  });

  it('adds userSettings and accessories when asked (query names in any case)', async () => {
    const { guest, lock } = await lockWithCast();
    const r = await api('GET', `/api/v37/my/lock/${lock.id}?includeusersettings=true&INCLUDEACCESSORIES=true`, {
      key: guest.key,
    });
    expect(r.json.result.userSettings).toEqual({
      autoUnlockEnabled: false,
      autoUnlockConfirmEnabled: false,
      autoUnlockRangeIn: 100,
      autoUnlockRangeOut: 200,
      autoUnlockTimeout: 300,
      location: { latitude: 0, longitude: 0 },
    });
    expect(r.json.result.accessories).toEqual([]);
    expect(r.json.result.accessLevel).toBe(0);
  });

  it('shows nulls for a lock without a bridge, and isConnected false when the bridge is offline', async () => {
    const owner = await createUser();
    const lonely = await createLock();
    await grantUser(lonely.id, owner.id, AccessLevel.owner);
    const r = await api('GET', `/api/v37/my/lock/${lonely.id}`, { key: owner.key });
    expect(r.json.result).toMatchObject({
      deviceState: null,
      beaconMajor: null,
      beaconMinor: null,
      connectedToId: null,
      isConnected: null,
    });
    expect(r.json.result.deviceSettings).not.toHaveProperty('doorStateEventLoggingEnabled');
    const { owner: o2, lock, bridge } = await lockWithCast();
    await setDevice(bridge.id, { isConnected: false });
    expect((await api('GET', `/api/v37/my/lock/${lock.id}`, { key: o2.key })).json.result.isConnected).toBe(false);
  });

  it('401 without credentials, 403 without a device scope, 404 for an outsider and for a missing lock, 400 for a bad id', async () => {
    const { outsider, owner, lock } = await lockWithCast();
    const anon = await api('GET', `/api/v37/my/lock/${lock.id}`);
    expect(anon.status).toBe(401);
    expect(anon.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(
      (await api('GET', `/api/v37/my/lock/${lock.id}`, { key: await owner.keyWith(['Lock.Operate']) })).status,
    ).toBe(403);
    const hidden = await api('GET', `/api/v37/my/lock/${lock.id}`, { key: outsider.key });
    expect(hidden.status).toBe(404);
    expect(hidden.json).toMatchObject({ success: false, statusCode: 404 });
    expect((await api('GET', `/api/v37/my/lock/2147483000`, { key: owner.key })).status).toBe(404);
    expect((await api('GET', `/api/v37/my/lock/abc`, { key: owner.key })).status).toBe(400);
    expect((await api('GET', `/api/v37/my/lock/${lock.id}?IncludeUserSettings=maybe`, { key: owner.key })).status).toBe(
      400,
    );
  });

  it('an expired access hides the lock (404)', async () => {
    const { lock } = await lockWithCast();
    const former = await createUser();
    await grantUser(lock.id, former.id, 0, { endDate: new Date(Date.now() - 60_000) });
    expect((await api('GET', `/api/v37/my/lock/${lock.id}`, { key: former.key })).status).toBe(404);
  });
});

describe('GET /my/lock and lock sync', () => {
  it('answers Tedee’s array of every lock (no paging unless asked), with Tedee’s filters; out-of-range paging is 400', async () => {
    const { owner, lock } = await lockWithCast();
    const second = await createLock({ name: `Zeta ${lock.name}` });
    await grantUser(second.id, owner.id, AccessLevel.administrator);
    const ids = async (q: string) => {
      const r = await api('GET', `/api/v37/my/lock${q}`, { key: owner.key });
      expect(r.status, q).toBe(200);
      expect(Array.isArray(r.json.result), q).toBe(true);
      return r.json.result.map((l: any) => l.id);
    };
    const all = await api('GET', '/api/v37/my/lock', { key: owner.key });
    expect(all.json).toMatchObject({ success: true, errorMessages: [], statusCode: 200 });
    expect(all.json.result.map((l: any) => l.id)).toEqual([lock.id, second.id]);
    // each lock as GET /my/lock/{id} answers it, plus deviceState's name before Tedee's v1.35
    const single = (await api('GET', `/api/v37/my/lock/${lock.id}`, { key: owner.key })).json.result;
    expect(all.json.result[0]).toEqual({ ...single, lockProperties: single.deviceState });
    expect(await ids(`?filters.text=${encodeURIComponent('zeta')}`)).toEqual([second.id]);
    expect(await ids(`?Filters.Text=${lock.serialNumber.toLowerCase()}`)).toEqual([lock.id]);
    expect(await ids('?Filters.AccessLevel=1')).toEqual([second.id]);
    expect(await ids('?Filters.State=6&Filters.State=2')).toEqual([lock.id]);
    await setDevice(lock.id, { batteryLevel: 12 });
    expect(await ids('?filters.batteryBelow=20')).toEqual([lock.id]);
    expect(await ids('?Filters.BatteryLevel=12')).toEqual([lock.id]);
    expect(await ids('?Filters.BatteryLevel=11')).toEqual([]);
    expect(await ids('?page=2&itemsPerPage=1')).toEqual([second.id]);
    expect(await ids('?ItemsPerPage=1')).toEqual([lock.id]);
    expect(await ids('?Page=2')).toEqual([]);
    for (const bad of [
      'page=0',
      'itemsPerPage=101',
      'itemsPerPage=0',
      'filters.accessLevel=7',
      'page=x',
      'Filters.BatteryLevel=101',
      'Filters.OrganizationIds=x',
      'Filters.UpdateAvailable=maybe',
      'IncludeOrganization=2',
    ]) {
      expect((await api('GET', `/api/v37/my/lock?${bad}`, { key: owner.key })).status, bad).toBe(400);
    }
  });

  it('filters by organization (`null` = private locks) and by a waiting update; IncludeOrganization names the organization', async () => {
    const owner = await createUser();
    const org = await createOrg({ name: 'Acme Offices' });
    const other = await createOrg();
    const mine = await createLock({ name: 'A private' });
    const office = await createLock({
      name: 'B office',
      organizationId: org.id,
      softwareVersions: [{ softwareType: 0, version: '1.9.0', updateAvailable: true }],
    });
    const elsewhere = await createLock({ name: 'C elsewhere', organizationId: other.id });
    for (const l of [mine, office, elsewhere]) await grantUser(l.id, owner.id, AccessLevel.owner);
    const ids = async (q: string) =>
      (await api('GET', `/api/v37/my/lock${q}`, { key: owner.key })).json.result.map((l: any) => l.id);
    expect(await ids(`?Filters.OrganizationIds=${org.id}`)).toEqual([office.id]);
    expect(await ids('?Filters.OrganizationIds=null')).toEqual([mine.id]);
    expect(await ids(`?Filters.OrganizationIds=null&Filters.OrganizationIds=${other.id}`)).toEqual([
      mine.id,
      elsewhere.id,
    ]);
    expect(await ids(`?filters.organizationIds=${org.id},NULL`)).toEqual([mine.id, office.id]);
    expect(await ids('?Filters.UpdateAvailable=true')).toEqual([office.id]);
    expect(await ids('?Filters.UpdateAvailable=false')).toEqual([mine.id, elsewhere.id]);
    const plain = (await api('GET', '/api/v37/my/lock', { key: owner.key })).json.result;
    expect(plain[0]).not.toHaveProperty('organization');
    const withOrg = (await api('GET', '/api/v37/my/lock?IncludeOrganization=true', { key: owner.key })).json.result;
    expect(withOrg.map((l: any) => [l.organizationId, l.organization])).toEqual([
      [null, null],
      [org.id, { id: org.id, name: 'Acme Offices' }],
      [other.id, { id: other.id, name: expect.any(String) }],
    ]);
  });

  it('an outsider’s list is empty', async () => {
    const { outsider } = await lockWithCast();
    expect((await api('GET', '/api/v37/my/lock', { key: outsider.key })).json.result).toEqual([]);
  });

  it('sync answers {id, isConnected, deviceState, revision} (and deviceState’s former name lockProperties), for one lock or repeated ids', async () => {
    const { owner, lock } = await lockWithCast();
    const one = await api('GET', `/api/v37/my/lock/${lock.id}/sync`, { key: owner.key });
    expect(one.status).toBe(200);
    expect(Object.keys(one.json.result).sort()).toEqual([
      'deviceState',
      'id',
      'isConnected',
      'lockProperties',
      'revision',
    ]);
    expect(one.json.result).toMatchObject({ id: lock.id, isConnected: true, revision: 1, deviceState: { state: 6 } });
    expect(one.json.result.lockProperties).toEqual(one.json.result.deviceState);
    const many = await api('GET', `/api/v37/my/lock/sync?id=${lock.id}&id=2147483000`, { key: owner.key });
    expect(many.json.result.map((s: any) => s.id)).toEqual([lock.id]);
    const { outsider } = await lockWithCast();
    expect((await api('GET', `/api/v37/my/lock/${lock.id}/sync`, { key: outsider.key })).status).toBe(404);
    expect((await api('GET', `/api/v37/my/lock/sync?id=nope`, { key: owner.key })).status).toBe(400);
  });
});
