import { describe, expect, it } from 'vitest';
import { setConfig } from '@/tests/support/config';
import { api } from '../support/router';
import { grantUser, lockWithCast } from '../support/factories/core';
import { activityOf, createDoorSensor, deviceRow, outboxOf } from '../support/factories/devices';

const sim = (key: string, id: number, body: unknown) => api('POST', `/api/sim/device/${id}`, { key, body });

describe('simulator control plane /api/sim/device/{id}', () => {
  it('disconnecting the bridge makes its locks unreachable (428) and is logged and queued', async () => {
    const { owner, bridge, lock } = await lockWithCast();
    expect((await sim(owner.key, bridge.id, { action: 'disconnect' })).status).toBe(200);
    expect((await deviceRow(bridge.id)).isConnected).toBe(false);
    expect((await api('GET', `/api/v37/my/lock/${lock.id}`, { key: owner.key })).json.result.isConnected).toBe(false);
    expect((await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock`, { key: owner.key })).status).toBe(428);
    expect((await activityOf(bridge.id)).map((a) => [a.event, a.source])).toEqual([[20004, 0]]);
    expect((await outboxOf(bridge.id)).map((o) => o.event)).toEqual(['device-connection-changed']);
    expect((await outboxOf(lock.id)).map((o) => o.event)).toEqual(['device-connection-changed']);
    await sim(owner.key, bridge.id, { action: 'connect' });
    expect((await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock`, { key: owner.key })).status).toBe(202);
  });

  it('battery: level shown on the lock, low battery and charging logged, webhook queued', async () => {
    const { owner, lock } = await lockWithCast();
    expect((await sim(owner.key, lock.id, { action: 'battery', level: 15, charging: true })).status).toBe(200);
    const l = (await api('GET', `/api/v37/my/lock/${lock.id}`, { key: owner.key })).json.result;
    expect(l.deviceState).toMatchObject({ batteryLevel: 15, isCharging: true });
    expect((await activityOf(lock.id)).map((a) => a.event).sort()).toEqual([20005, 46]);
    const out = await outboxOf(lock.id);
    expect(out.map((o) => o.event)).toEqual(['device-battery-level-changed']);
    expect((out[0].payload as any).data).toMatchObject({ deviceId: lock.id, batteryLevel: 15, isCharging: true });
    expect((await sim(owner.key, lock.id, { action: 'battery', level: 101 })).status).toBe(400);
  });

  it('door sensor opens and closes the door of its lock (83/84, source 0, no author)', async () => {
    const { owner, lock } = await lockWithCast();
    const sensor = await createDoorSensor(lock);
    await grantUser(sensor.id, owner.id, 2);
    expect((await sim(owner.key, sensor.id, { action: 'door', open: true })).status).toBe(200);
    expect((await deviceRow(lock.id)).doorState).toBe(2);
    await sim(owner.key, lock.id, { action: 'door', open: false });
    expect((await deviceRow(lock.id)).doorState).toBe(3);
    const acts = await activityOf(lock.id);
    expect(acts.map((a) => [a.event, a.source, a.userId])).toEqual([
      [83, 0, null],
      [84, 0, null],
    ]);
    expect((await outboxOf(lock.id)).map((o) => o.event)).toEqual(['lock-status-changed', 'lock-status-changed']);
    const { owner: o2, lock: noSensor } = await lockWithCast();
    expect((await sim(o2.key, noSensor.id, { action: 'door', open: true })).status).toBe(409);
  });

  it('button and knob change the state with events 34/35/38/39; the bell queues bell-button-pressed', async () => {
    const { owner, lock } = await lockWithCast();
    await sim(owner.key, lock.id, { action: 'press', how: 'knob', operation: 'unlock' });
    expect((await deviceRow(lock.id)).state).toBe(2);
    await sim(owner.key, lock.id, { action: 'press', how: 'button', operation: 'lock' });
    expect((await deviceRow(lock.id)).state).toBe(6);
    await sim(owner.key, lock.id, { action: 'press', how: 'button', operation: 'unlock' });
    await sim(owner.key, lock.id, { action: 'press', how: 'knob', operation: 'lock' });
    expect((await activityOf(lock.id)).map((a) => [a.event, a.source])).toEqual([
      [39, 0],
      [34, 0],
      [35, 0],
      [38, 0],
    ]);
    await sim(owner.key, lock.id, { action: 'bell' });
    expect((await outboxOf(lock.id)).map((o) => o.event).at(-1)).toBe('bell-button-pressed');
  });

  it('a fault waits for the next command; GET shows it', async () => {
    const { owner, lock } = await lockWithCast();
    await sim(owner.key, lock.id, { action: 'fault', fault: 'jam' });
    expect((await api('GET', `/api/sim/device/${lock.id}`, { key: owner.key })).json.result).toEqual({
      deviceId: lock.id,
      pendingFault: 'jam',
    });
    await api('POST', `/api/v37/my/lock/${lock.id}/operation/lock`, { key: owner.key });
    expect((await api('GET', `/api/sim/device/${lock.id}`, { key: owner.key })).json.result.pendingFault).toBeNull();
  });

  it('404 for a device the caller cannot see and when the control plane is off; 401 anonymous; 400 bad action', async () => {
    const { owner, outsider, lock } = await lockWithCast();
    expect((await sim(outsider.key, lock.id, { action: 'bell' })).status).toBe(404);
    expect((await api('POST', `/api/sim/device/${lock.id}`, { body: { action: 'bell' } })).status).toBe(401);
    expect((await sim(owner.key, lock.id, { action: 'explode' })).status).toBe(400);
    setConfig({ SIM_CONTROL: '0' });
    expect((await sim(owner.key, lock.id, { action: 'bell' })).status).toBe(404);
    expect((await api('GET', '/api/sim/gate', { key: owner.key })).status).toBe(404);
  });
});
