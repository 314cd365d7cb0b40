import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withConfig } from '@/tests/support/config';
import { AccessLevel, deviceUserSettings } from '@/db/schema';
import { hardware } from '../support/bridges';
import { api } from '../support/router';
import { createLock, createUser, db, grantUser, lockWithCast } from '../support/factories/core';
import { activityOf, deviceRow, eventually, fault, outboxOf, setDevice, sleep } from '../support/factories/devices';
import { outsideWindow } from '../support/factories/schedule';

/** PATCH /my/lock (issue 19, Tedee's "Update lock"): name, time zone, deviceSettings, userSettings with a revision. */
const patch = (key: string, body: unknown) => api('PATCH', '/api/v37/my/lock', { key, body });
const getLock = async (key: string, id: number) =>
  (await api('GET', `/api/v37/my/lock/${id}?IncludeUserSettings=true`, { key })).json.result;

describe('PATCH /my/lock', () => {
  it('changes name and settings: revision and targetDeviceRevision move, deviceRevision once the lock confirmed; activity 20008 and device-settings-changed', async () => {
    const { owner, lock } = await lockWithCast();
    const r = await patch(owner.key, {
      id: lock.id,
      revision: 1,
      name: 'Front door',
      deviceSettings: { autoLockEnabled: true, autoLockDelay: 30 },
    });
    expect(r.status).toBe(200);
    expect(r.json.result).toEqual({ id: lock.id, revision: 2, targetDeviceRevision: 2 });
    const l = await getLock(owner.key, lock.id);
    expect(l).toMatchObject({ name: 'Front door', revision: 2, targetDeviceRevision: 2, deviceRevision: 2 });
    expect(l.deviceSettings).toMatchObject({ autoLockEnabled: true, autoLockDelay: 30, pullSpringEnabled: true });
    const acts = await activityOf(lock.id);
    expect(acts.map((a) => [a.event, a.source, a.userId, a.username])).toEqual([
      [20008, 1, owner.id, owner.displayName],
    ]);
    const out = await outboxOf(lock.id);
    expect(out.map((o) => o.event)).toEqual(['device-settings-changed']);
    expect((out[0].payload as any).data).toEqual({
      deviceId: lock.id,
      deviceType: 2,
      name: 'Front door',
      revision: 2,
      eventTime: expect.any(String),
    });
    // the lock itself (its virtual bridge's) now holds them
    expect(hardware.lock(lock.id)).toMatchObject({
      revision: 2,
      settings: expect.objectContaining({ autoLockEnabled: true, autoLockDelay: 30 }),
    });
  });

  it('targetDeviceRevision moves at once; deviceRevision only when the lock confirms', async () => {
    const { owner, lock } = await lockWithCast();
    await fault(lock.id, 'slow'); // the lock takes four times as long to confirm
    const pending = patch(owner.key, { id: lock.id, revision: 1, deviceSettings: { buttonLockEnabled: false } });
    const during = await eventually(async () => {
      const row = await deviceRow(lock.id);
      return row.targetDeviceRevision === 2 ? row : null;
    });
    expect(during).toMatchObject({ revision: 2, targetDeviceRevision: 2, deviceRevision: 1 });
    expect((await outboxOf(lock.id)).map((o) => o.event)).toEqual([]); // announced when the lock has them
    expect((await pending).json.result).toEqual({ id: lock.id, revision: 2, targetDeviceRevision: 2 });
    expect(await deviceRow(lock.id)).toMatchObject({ deviceRevision: 2 });
    expect((await outboxOf(lock.id)).map((o) => o.event)).toEqual(['device-settings-changed']);
  });

  it('a setting changed through the API reaches the simulated lock and changes its behaviour: it auto-locks after the new delay', async () => {
    const { owner, lock } = await lockWithCast();
    const unlockAndWait = async () => {
      const op = (await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock`, { key: owner.key })).json.result
        .operationId;
      await eventually(
        async () =>
          (await api('GET', `/api/v37/my/device/operation/${op}`, { key: owner.key })).json.result.status ===
          'COMPLETED',
      );
      expect((await deviceRow(lock.id)).state).toBe(2);
    };
    // auto lock is off: the lock stays unlocked
    await unlockAndWait();
    await sleep(1300);
    expect((await deviceRow(lock.id)).state).toBe(2);
    await api('POST', `/api/v37/my/lock/${lock.id}/operation/lock`, { key: owner.key });
    await eventually(async () => (await deviceRow(lock.id)).state === 6);
    expect(
      (
        await patch(owner.key, {
          id: lock.id,
          revision: 1,
          deviceSettings: { autoLockEnabled: true, autoLockDelay: 1 },
        })
      ).status,
    ).toBe(200);
    await unlockAndWait();
    const unlockedAt = (await deviceRow(lock.id)).lastStateChangedDate!.getTime();
    await eventually(async () => (await deviceRow(lock.id)).state === 6, 4000);
    const locked = await deviceRow(lock.id);
    // a second after the unlock, give or take the few ms between the lock's own moment and the one
    // recorded for it (996 ms once on CI); an auto lock that ignored the delay comes at once
    expect(locked.lastStateChangedDate!.getTime() - unlockedAt).toBeGreaterThanOrEqual(900);
    expect((await activityOf(lock.id)).map((a) => a.event).at(-1)).toBe(36);
  });

  it('a stale revision gets 409 and changes nothing', async () => {
    const { owner, admin, lock } = await lockWithCast();
    expect(
      (await patch(admin.key, { id: lock.id, revision: 1, name: 'Changed by the admin' })).json.result.revision,
    ).toBe(2);
    const stale = await patch(owner.key, {
      id: lock.id,
      revision: 1,
      name: 'Owner’s name',
      deviceSettings: { autoLockDelay: 10 },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.errorMessages[0]).toMatch(/Someone else changed this device.*revision 2.*you sent 1/);
    expect(await deviceRow(lock.id)).toMatchObject({
      name: 'Changed by the admin',
      revision: 2,
      targetDeviceRevision: 1,
      deviceRevision: 1,
    });
    expect((await getLock(owner.key, lock.id)).deviceSettings.autoLockDelay).toBe(60);
    const ahead = await patch(owner.key, { id: lock.id, revision: 7, name: 'From the future' });
    expect(ahead.status).toBe(409);
  });

  it('only owners and administrators active now change name, zone and settings; anyone who sees the lock changes their own userSettings', async () => {
    const { owner, admin, guest, outsider, lock } = await lockWithCast();
    const offHours = await createUser();
    await grantUser(lock.id, offHours.id, AccessLevel.administrator, outsideWindow());
    const set = { deviceSettings: { autoLockEnabled: true } };
    for (const u of [guest, offHours]) {
      const r = await patch(u.key, { id: lock.id, revision: 1, ...set });
      expect(r.status).toBe(403);
      expect((await patch(u.key, { id: lock.id, revision: 1, name: 'Mine now' })).status).toBe(403);
    }
    expect((await patch(outsider.key, { id: lock.id, revision: 1, name: 'x' })).status).toBe(404);
    const other = await createLock();
    expect((await patch(owner.key, { id: other.id, revision: 1, name: 'x' })).status).toBe(404);
    expect((await patch(owner.key, { id: lock.id, revision: 1, name: 'x' })).status).toBe(200);
    expect(
      (
        await api('PATCH', '/api/v37/my/lock', {
          key: await admin.keyWith(['Device.Read']),
          body: { id: lock.id, revision: 2, name: 'y' },
        })
      ).status,
    ).toBe(403);
    expect((await api('PATCH', '/api/v37/my/lock', { body: { id: lock.id, revision: 2, name: 'y' } })).status).toBe(
      401,
    );
    // a guest's own auto-unlock settings: theirs alone, and the revision moves as Tedee shows it
    const mine = await patch(guest.key, {
      id: lock.id,
      revision: 2,
      userSettings: { autoUnlockEnabled: true, location: { latitude: 52.2, longitude: 21 } },
    });
    expect(mine.json.result).toEqual({ id: lock.id, revision: 3, targetDeviceRevision: 1 });
    expect((await getLock(guest.key, lock.id)).userSettings).toMatchObject({
      autoUnlockEnabled: true,
      autoUnlockRangeIn: 100,
      location: { latitude: 52.2, longitude: 21 },
    });
    expect((await getLock(owner.key, lock.id)).userSettings.autoUnlockEnabled).toBe(false);
    const rows = await (await db()).select().from(deviceUserSettings).where(eq(deviceUserSettings.deviceId, lock.id));
    expect(rows.map((r) => r.userId)).toEqual([guest.id]);
    expect((await outboxOf(lock.id)).map((o) => o.event)).toEqual(['device-settings-changed']); // the owner's rename only
  });

  it('the lock must take new settings: 428 without a bridge or offline, 409 while busy, nothing changed; 408 when it does not confirm, which leaves them pending until sent again', async () => {
    const { owner, bridge, lock } = await lockWithCast();
    const lonely = await createLock();
    await grantUser(lonely.id, owner.id, AccessLevel.owner);
    expect(
      (await patch(owner.key, { id: lonely.id, revision: 1, deviceSettings: { autoLockEnabled: true } })).status,
    ).toBe(428);
    // a name needs no lock
    expect((await patch(owner.key, { id: lonely.id, revision: 1, name: 'Bluetooth only' })).status).toBe(200);
    await setDevice(bridge.id, { isConnected: false });
    const offline = await patch(owner.key, { id: lock.id, revision: 1, deviceSettings: { autoLockEnabled: true } });
    expect(offline.status).toBe(428);
    expect(offline.json.errorMessages[0]).toMatch(/Nothing was changed/);
    await setDevice(bridge.id, { isConnected: true });
    // a command of the service runs on the lock (for longer than the PATCH takes)
    const running = await withConfig({ SIM_COMMAND_MS: '1500' }, () =>
      api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock`, { key: owner.key }),
    );
    expect(running.status).toBe(202);
    expect(
      (await patch(owner.key, { id: lock.id, revision: 1, deviceSettings: { autoLockEnabled: true } })).status,
    ).toBe(409);
    expect(await deviceRow(lock.id)).toMatchObject({ revision: 1, targetDeviceRevision: 1 });
    await eventually(async () => (await deviceRow(lock.id)).state === 2, 5000);

    await fault(lock.id, 'timeout');
    const silent = await patch(owner.key, { id: lock.id, revision: 1, deviceSettings: { autoLockEnabled: true } });
    expect(silent.status).toBe(408);
    expect(silent.json.errorMessages[0]).toMatch(/saved \(revision 2\) but the lock has not confirmed/);
    const l = await getLock(owner.key, lock.id);
    expect(l).toMatchObject({ revision: 2, targetDeviceRevision: 2, deviceRevision: 1 });
    // sending the same settings again delivers them
    const again = await patch(owner.key, { id: lock.id, revision: 2, deviceSettings: { autoLockEnabled: true } });
    expect(again.json.result).toEqual({ id: lock.id, revision: 3, targetDeviceRevision: 3 });
    expect(await deviceRow(lock.id)).toMatchObject({ deviceRevision: 3 });
  });

  it('refuses bad input with 400: limits in seconds, types, unknown zones; unknown fields are ignored; nothing sent changes nothing', async () => {
    const { owner, lock } = await lockWithCast();
    const bad = [
      { id: lock.id },
      { id: lock.id, revision: -1 },
      { id: lock.id, revision: 1, deviceSettings: { autoLockDelay: 0 } },
      { id: lock.id, revision: 1, deviceSettings: { autoLockDelay: 1.5 } },
      { id: lock.id, revision: 1, deviceSettings: { openDoorAlertThreshold: 30 } },
      { id: lock.id, revision: 1, deviceSettings: { openDoorAlertThreshold: 3601 } },
      { id: lock.id, revision: 1, deviceSettings: { pullSpringEnabled: 'on' } },
      { id: lock.id, revision: 1, name: '' },
      { id: lock.id, revision: 1, timeZone: 'Europe/Atlantis' },
      { id: lock.id, revision: 1, userSettings: { location: { latitude: 91, longitude: 0 } } },
    ];
    for (const body of bad) expect((await patch(owner.key, body)).status, JSON.stringify(body)).toBe(400);
    const r = await patch(owner.key, {
      id: lock.id,
      revision: 1,
      timeZone: 'America/New_York',
      serialNumber: 'HACKED',
      deviceSettings: { isAsync: true, batteryLevel: 1 },
    });
    expect(r.status).toBe(200);
    expect(await deviceRow(lock.id)).toMatchObject({ timeZone: 'America/New_York', serialNumber: lock.serialNumber });
    expect(Object.keys((await deviceRow(lock.id)).settings)).not.toContain('batteryLevel');
    const same = await patch(owner.key, { id: lock.id, revision: 2, timeZone: 'America/New_York' });
    expect(same.json.result).toEqual({ id: lock.id, revision: 2, targetDeviceRevision: 2 });
  });
});
