import { describe, expect, it } from 'vitest';
import { withConfig } from '@/tests/support/config';
import { AccessLevel } from '@/db/schema';
import { api } from '../support/router';
import { createBridge, createLock, createUser, grantUser, lockWithCast } from '../support/factories/core';
import { activityOf, deviceRow, eventually, fault, setDevice } from '../support/factories/devices';

const Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function finished(key: string, operationId: string) {
  return eventually(async () => {
    const r = await api('GET', `/api/v37/my/device/operation/${operationId}`, { key });
    return r.json.result.status === 'COMPLETED' ? r.json.result : null;
  });
}

describe('POST /my/lock/{id}/operation/unlock|lock|pull', () => {
  it('unlock: 202 {operationId, lastStateChangedDate}, PENDING then COMPLETED, lock unlocked, activity 33 by the caller', async () => {
    const { guest, lock } = await lockWithCast();
    // slow enough to watch the progress (the first calls of a test file also load the routes)
    const r = await withConfig({ SIM_COMMAND_MS: '1500' }, () =>
      api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock`, { key: guest.key }),
    );
    expect(r.status).toBe(202);
    expect(r.json).toMatchObject({ success: true, statusCode: 202, errorMessages: [] });
    expect(Object.keys(r.json.result).sort()).toEqual(['lastStateChangedDate', 'operationId']);
    expect(r.json.result.operationId).toMatch(UUID);
    expect(r.json.result.lastStateChangedDate).toMatch(Z);
    const pending = await api('GET', `/api/v37/my/device/operation/${r.json.result.operationId}`, { key: guest.key });
    expect(pending.json.result).toEqual({
      deviceId: lock.id,
      operationId: r.json.result.operationId,
      result: null,
      status: 'PENDING',
      type: 1,
    });
    const live = await api('GET', `/api/v37/my/lock/${lock.id}`, { key: guest.key });
    expect(live.json.result.deviceState.state).toBe(4);
    expect(await finished(guest.key, r.json.result.operationId)).toMatchObject({
      result: 0,
      status: 'COMPLETED',
      type: 1,
    });
    expect((await api('GET', `/api/v37/my/lock/${lock.id}`, { key: guest.key })).json.result.deviceState).toMatchObject(
      { state: 2, stateChangeResult: 0 },
    );
    const acts = await activityOf(lock.id);
    expect(acts.map((a) => [a.event, a.source, a.userId])).toEqual([[33, 1, guest.id]]);
  });

  it('lock and pull answer 202 too and end locked / pulled', async () => {
    const { owner, lock } = await lockWithCast();
    await setDevice(lock.id, { state: 2 });
    const l = await api('POST', `/api/v37/my/lock/${lock.id}/operation/lock`, { key: owner.key });
    expect(l.status).toBe(202);
    expect(await finished(owner.key, l.json.result.operationId)).toMatchObject({ result: 0, type: 0 });
    expect((await deviceRow(lock.id)).state).toBe(6);
    const p = await api('POST', `/api/v37/my/lock/${lock.id}/operation/pull/`, { key: owner.key });
    expect(p.status).toBe(202);
    expect(await finished(owner.key, p.json.result.operationId)).toMatchObject({ result: 0, type: 2 });
    expect((await activityOf(lock.id)).map((a) => a.event)).toEqual([32, 51]);
  });

  it('409 while another command runs on the lock', async () => {
    const { owner, admin, lock } = await lockWithCast();
    // the lock works on the first command for longer than the second takes to reach it through its bridge
    const first = await withConfig({ SIM_COMMAND_MS: '1500' }, () =>
      api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock`, { key: owner.key }),
    );
    expect(first.status).toBe(202);
    const busy = await api('POST', `/api/v37/my/lock/${lock.id}/operation/lock`, { key: admin.key });
    expect(busy.status).toBe(409);
    expect(busy.json).toMatchObject({ success: false, statusCode: 409 });
    expect(busy.json.errorMessages[0]).toMatch(/another request/i);
  });

  it('428 for a lock without a bridge and for a disconnected bridge', async () => {
    const owner = await createUser();
    const lonely = await createLock();
    await grantUser(lonely.id, owner.id, AccessLevel.owner);
    const r = await api('POST', `/api/v37/my/lock/${lonely.id}/operation/unlock`, { key: owner.key });
    expect(r.status).toBe(428);
    expect(r.json.errorMessages[0]).toMatch(/bridge/);
    const bridge = await createBridge({ isConnected: false });
    const off = await createLock({ bridge });
    await grantUser(off.id, owner.id, AccessLevel.owner);
    expect((await api('POST', `/api/v37/my/lock/${off.id}/operation/lock`, { key: owner.key })).status).toBe(428);
  });

  it('a timeout fault ends the operation with result 2 (timed out) and the lock back where it was', async () => {
    const { owner, lock } = await lockWithCast();
    await fault(lock.id, 'timeout');
    const r = await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock`, { key: owner.key });
    expect(await finished(owner.key, r.json.result.operationId)).toMatchObject({ result: 2 });
    expect((await api('GET', `/api/v37/my/lock/${lock.id}`, { key: owner.key })).json.result.deviceState).toMatchObject(
      { state: 6, stateChangeResult: 2 },
    );
  });

  it('a jam ends semi-locked with result 1; then only a forced unlock (mode 2) is for it', async () => {
    const { owner, lock } = await lockWithCast();
    expect((await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock?mode=2`, { key: owner.key })).status).toBe(
      409,
    );
    await fault(lock.id, 'jam');
    const r = await api('POST', `/api/v37/my/lock/${lock.id}/operation/lock`, { key: owner.key });
    expect(await finished(owner.key, r.json.result.operationId)).toMatchObject({ result: 1 });
    expect(await deviceRow(lock.id)).toMatchObject({ state: 3, stateChangeResult: 1 });
    const forced = await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock?mode=2`, { key: owner.key });
    expect(forced.status).toBe(202);
  });

  it('403 when remote access is disabled (not for owners), outside the schedule, or without Lock.Operate; 404 for outsiders', async () => {
    const { owner, outsider, lock } = await lockWithCast();
    const remoteOff = await createUser();
    await grantUser(lock.id, remoteOff.id, AccessLevel.guest, { remoteAccessDisabled: true });
    const r = await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock`, { key: remoteOff.key });
    expect(r.status).toBe(403);
    expect(r.json.errorMessages[0]).toMatch(/remote opening is disabled for you/i);
    const adminOff = await createUser();
    await grantUser(lock.id, adminOff.id, AccessLevel.administrator, { remoteAccessDisabled: true });
    expect((await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock`, { key: adminOff.key })).status).toBe(403);
    // a weekday that is never today in Warsaw: today's bit is removed from the mask
    const today = new Date().toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'Europe/Warsaw' });
    const bit = 1 << ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].indexOf(today);
    const offDay = await createUser();
    await grantUser(lock.id, offDay.id, AccessLevel.guest, { weekDays: 127 & ~bit });
    const s = await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock`, { key: offDay.key });
    expect(s.status).toBe(403);
    // in a person's words: the rule, and the moment at the door
    expect(s.json.errorMessages[0]).toMatch(
      new RegExp(
        `^Your access to ${lock.name} is [A-Z][a-z]{2}.* \\(Warsaw time\\); it is ${today} \\d\\d:\\d\\d there, so you cannot unlock it now\\.$`,
      ),
    );
    expect(
      (
        await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock`, {
          key: await owner.keyWith(['Device.ReadWrite']),
        })
      ).status,
    ).toBe(403);
    expect((await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock`, { key: outsider.key })).status).toBe(404);
    expect((await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock`)).status).toBe(401);
    const ownerOff = await createUser();
    const l2 = await createLock({ bridge: { id: lock.connectedToId! } });
    await grantUser(l2.id, ownerOff.id, AccessLevel.owner, { remoteAccessDisabled: true });
    expect((await api('POST', `/api/v37/my/lock/${l2.id}/operation/unlock`, { key: ownerOff.key })).status).toBe(202);
  });

  it('400 for a bad mode or id; 404 for an operation id nobody knows or on a hidden device', async () => {
    const { owner, outsider, lock } = await lockWithCast();
    for (const m of ['1', '5', 'x', '-1'])
      expect(
        (await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock?mode=${m}`, { key: owner.key })).status,
        m,
      ).toBe(400);
    expect((await api('POST', `/api/v37/my/lock/0/operation/unlock`, { key: owner.key })).status).toBe(400);
    expect((await api('GET', `/api/v37/my/device/operation/not-a-uuid`, { key: owner.key })).status).toBe(400);
    expect(
      (await api('GET', `/api/v37/my/device/operation/00000000-0000-4000-8000-000000000000`, { key: owner.key }))
        .status,
    ).toBe(404);
    const r = await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock?mode=3`, { key: owner.key });
    expect(r.status).toBe(202);
    expect(
      (await api('GET', `/api/v37/my/device/operation/${r.json.result.operationId}`, { key: outsider.key })).status,
    ).toBe(404);
  });
});
