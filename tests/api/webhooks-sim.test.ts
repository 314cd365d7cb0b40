import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { api } from '../support/router';
import { lockWithCast } from '../support/factories/core';
import { mySubscriptions, passFor, receiversClosedAfterEach } from '../support/factories/webhooks';

/** Simulated device changes (the /api/sim control plane) arrive at a real receiver as the matching events. */
const newReceiver = receiversClosedAfterEach();

async function subscribed() {
  const cast = await lockWithCast();
  const receiver = await newReceiver();
  const created = await api('POST', '/api/v37/my/webhook', {
    key: cast.owner.key,
    body: {
      url: receiver.url,
      events: [
        'device-battery-level-changed',
        'device-connection-changed',
        'lock-status-changed',
        'bell-button-pressed',
      ],
    },
  });
  expect(created.status).toBe(201);
  mySubscriptions.push(created.json.result.id);
  const sim = (deviceId: number, body: object) =>
    api('POST', `/api/sim/device/${deviceId}`, { key: cast.owner.key, body });
  /** everything received so far, verified with the library */
  const got = () =>
    receiver.received.map((r) => new Webhook(created.json.result.secret).verify(r.body, r.headers) as any);
  return { ...cast, receiver, sim, got };
}

describe('simulated device changes end to end', () => {
  it('battery, bell and bridge connection produce their events with the documented fields', async () => {
    const { lock, bridge, sim, got } = await subscribed();
    expect((await sim(lock.id, { action: 'battery', level: 15, charging: true })).status).toBeLessThan(300);
    expect((await sim(lock.id, { action: 'bell' })).status).toBeLessThan(300);
    expect((await sim(bridge.id, { action: 'disconnect' })).status).toBeLessThan(300);
    await passFor();
    const events = got();
    expect(events.map((e) => e.event)).toEqual([
      'device-battery-level-changed',
      'bell-button-pressed',
      'device-connection-changed',
      'device-connection-changed',
    ]);
    const eventTime = expect.stringMatching(/Z$/);
    expect(events[0].data).toEqual({ deviceId: lock.id, deviceType: 2, batteryLevel: 15, isCharging: true, eventTime });
    expect(events[1].data).toEqual({
      deviceId: lock.id,
      deviceType: 2,
      pressedAt: expect.stringMatching(/Z$/),
      eventTime,
    });
    expect(events.slice(2).map((e) => e.data)).toEqual([
      { deviceId: bridge.id, deviceType: 1, isConnected: false, eventTime },
      { deviceId: lock.id, deviceType: 2, isConnected: false, bridgeId: bridge.id, eventTime },
    ]);
  });

  it('a remote unlock sends only its final lock status, never "unlocking"', async () => {
    const { owner, lock, got } = await subscribed();
    const r = await api('POST', `/api/v37/my/lock/${lock.id}/operation/unlock`, { key: owner.key });
    expect(r.status).toBe(202);
    for (let i = 0; i < 100; i++) {
      const op = await api('GET', `/api/v37/my/device/operation/${r.json.result.operationId}`, { key: owner.key });
      if (op.json.result.status === 'COMPLETED') break;
      await new Promise((res) => setTimeout(res, 30));
    }
    await passFor();
    const status = got().filter((e) => e.event === 'lock-status-changed');
    expect(status).toHaveLength(1);
    expect(status[0].data).toMatchObject({
      deviceId: lock.id,
      deviceType: 2,
      state: 2,
      stateChangeResult: 0,
      doorState: expect.any(Number),
      lastStateChangedDate: expect.stringMatching(/Z$/),
    });
  });

  it('the guest sees the same lock events; an outsider cannot trigger or receive them', async () => {
    const { guest, outsider, lock, sim } = await subscribed();
    const receiver = await newReceiver();
    for (const u of [guest, outsider]) {
      const c = await api('POST', '/api/v37/my/webhook', {
        key: u.key,
        body: { url: receiver.url, events: ['bell-button-pressed'] },
      });
      mySubscriptions.push(c.json.result.id);
    }
    expect(
      (await api('POST', `/api/sim/device/${lock.id}`, { key: outsider.key, body: { action: 'bell' } })).status,
    ).toBe(404);
    await sim(lock.id, { action: 'bell' });
    await passFor();
    expect(receiver.received).toHaveLength(1); // the guest's, not the outsider's
  });
});
