import { describe, expect, it } from 'vitest';
import { AccessLevel } from '@/db/schema';
import { api } from '../support/router';
import { hardware } from '../support/bridges';
import { grantUser, lockWithCast } from '../support/factories/core';
import {
  activityOf,
  createDoorSensor,
  deviceRow,
  eventually,
  lockHardware,
  outboxOf,
  setDevice,
  sleep,
} from '../support/factories/devices';

/** The virtual lock honours the settings it applied (issue 19): spring, door-closed auto lock, open-door alert, door log. */
const sim = (key: string, id: number, body: unknown) => api('POST', `/api/sim/device/${id}`, { key, body });
const patch = (key: string, body: unknown) => api('PATCH', '/api/v37/my/lock', { key, body });

async function lockWithSensor() {
  const cast = await lockWithCast();
  const sensor = await createDoorSensor(cast.lock);
  await grantUser(sensor.id, cast.owner.id, AccessLevel.owner);
  return { ...cast, sensor };
}

describe('the simulated lock works with the settings it confirmed', () => {
  it('holds the latch for the pull spring duration set through the API', async () => {
    const { owner, lock } = await lockWithCast();
    expect(
      (
        await patch(owner.key, {
          id: lock.id,
          revision: 1,
          deviceSettings: { pullSpringEnabled: true, pullSpringDuration: 1 },
        })
      ).status,
    ).toBe(200);
    await api('POST', `/api/v37/my/lock/${lock.id}/operation/pull`, { key: owner.key });
    // measured on the lock's own clock (the times its bridge reported the changes), not on this
    // process's polling, which a busy machine delays by hundreds of milliseconds
    const pulled = await eventually(async () => {
      const r = await deviceRow(lock.id);
      return r.state === 7 ? r : null;
    });
    const released = await eventually(async () => {
      const r = await deviceRow(lock.id);
      return r.state === 2 ? r : null;
    }, 4000);
    expect(released.lastStateChangedDate!.getTime() - pulled.lastStateChangedDate!.getTime()).toBeGreaterThanOrEqual(
      950,
    );
  });

  it('settings the lock has not confirmed do not change what it does', async () => {
    const { owner, lock } = await lockWithCast();
    // the service wants auto lock, but the lock never got it (as if it had been offline)
    await setDevice(lock.id, {
      settings: { ...lock.settings, autoLockEnabled: true, autoLockDelay: 1 },
      revision: 2,
      targetDeviceRevision: 2,
    });
    await lockHardware(lock.id, { autoLockEnabled: false });
    await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock`, { key: owner.key });
    await eventually(async () => (await deviceRow(lock.id)).state === 2);
    await sleep(1400);
    expect((await deviceRow(lock.id)).state).toBe(2);
  });

  it('locks itself when the door closes, with auto lock after door closed on (36 at the device)', async () => {
    const { owner, lock, sensor } = await lockWithSensor();
    expect(
      (await patch(owner.key, { id: lock.id, revision: 1, deviceSettings: { autoLockAfterDoorClosedEnabled: true } }))
        .status,
    ).toBe(200);
    await sim(owner.key, lock.id, { action: 'press', how: 'knob', operation: 'unlock' });
    await sim(owner.key, sensor.id, { action: 'door', open: true });
    expect((await deviceRow(lock.id)).state).toBe(2);
    await sim(owner.key, sensor.id, { action: 'door', open: false });
    expect(await deviceRow(lock.id)).toMatchObject({ state: 6, doorState: 3 });
    expect((await activityOf(lock.id)).map((a) => [a.event, a.source, a.userId])).toEqual([
      [20008, 1, owner.id],
      [39, 0, null],
      [83, 0, null],
      [84, 0, null],
      [36, 0, null],
    ]);
    // off (the default): closing leaves it unlocked
    const other = await lockWithSensor();
    await sim(other.owner.key, other.lock.id, { action: 'press', how: 'knob', operation: 'unlock' });
    await sim(other.owner.key, other.sensor.id, { action: 'door', open: true });
    await sim(other.owner.key, other.sensor.id, { action: 'door', open: false });
    expect((await deviceRow(other.lock.id)).state).toBe(2);
  });

  it('raises "door open too long" (86) once the door stayed open past the threshold, once per opening, by the lock’s own clock', async () => {
    const { owner, lock, sensor } = await lockWithSensor();
    await lockHardware(lock.id, { openDoorAlertEnabled: true, openDoorAlertThreshold: 0.3 });
    await sim(owner.key, sensor.id, { action: 'door', open: true });
    await eventually(async () => (await activityOf(lock.id)).some((a) => a.event === 86), 3000);
    await sleep(400);
    expect((await activityOf(lock.id)).map((a) => [a.event, a.source])).toEqual([
      [83, 0],
      [86, 0],
    ]);
    // closed in time: no alert (the test makes minutes pass for the hardware: its bridge's clock)
    const bridge = hardware.bridgeOfLock(lock.id)!;
    const later = async (ms: number) => {
      bridge.clock.advance(ms);
      await bridge.idle();
    };
    await sim(owner.key, sensor.id, { action: 'door', open: false });
    await lockHardware(lock.id, { openDoorAlertThreshold: 60 });
    await sim(owner.key, sensor.id, { action: 'door', open: true });
    await sim(owner.key, sensor.id, { action: 'door', open: false });
    await later(120_000);
    expect((await activityOf(lock.id)).filter((a) => a.event === 86)).toHaveLength(1);
    // open past the threshold: one alert, however long it stays open
    await sim(owner.key, sensor.id, { action: 'door', open: true });
    await later(59_000);
    expect((await activityOf(lock.id)).filter((a) => a.event === 86)).toHaveLength(1);
    await later(2_000);
    await later(120_000);
    expect((await activityOf(lock.id)).filter((a) => a.event === 86)).toHaveLength(2);
  });

  it('door events reach the log only while door event logging is on; the status event goes out either way', async () => {
    const { owner, lock, sensor } = await lockWithSensor();
    expect(
      (await patch(owner.key, { id: lock.id, revision: 1, deviceSettings: { doorStateEventLoggingEnabled: false } }))
        .status,
    ).toBe(200);
    await sim(owner.key, sensor.id, { action: 'door', open: true });
    expect((await activityOf(lock.id)).map((a) => a.event)).toEqual([20008]);
    const out = (await outboxOf(lock.id)).filter((o) => o.event === 'lock-status-changed');
    expect((out.at(-1)!.payload as any).data).toMatchObject({ deviceId: lock.id, doorState: 2 });
  });
});
