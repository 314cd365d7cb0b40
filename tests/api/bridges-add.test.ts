import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { withConfig } from '@/tests/support/config';
import { auditLog, bridgeLinks, deviceAccess } from '@/db/schema';
import { virtualHost } from '../support/bridges';
import { addOrgUser, createOrg, createUser, db } from '../support/factories/core';
import { deviceRow, eventually } from '../support/factories/devices';
import { api } from '../support/router';

/**
 * Organization > Devices > Add a bridge, through the API (ours, docs/devices.md "Adding a bridge"):
 * the address and token from the Tedee app, a check that lists the bridge's locks, the chosen ones
 * added under their names, the callback registered; removing the bridge removes its callback.
 */
async function cast() {
  const [owner, admin, member, outsider] = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
  const org = await createOrg();
  await addOrgUser(org.id, owner.id, 2);
  await addOrgUser(org.id, admin.id, 1);
  await addOrgUser(org.id, member.id, 0);
  return { org, owner, admin, member, outsider, base: `/api/v37/organization/${org.id}/bridge` };
}

async function bridgeOnNetwork(opts: { tokenMode?: 'plain' | 'encrypted' } = {}) {
  const token = randomUUID().slice(0, 12);
  const hw = (await virtualHost()).add({
    serialNumber: `RB-${randomUUID().slice(0, 8)}`,
    name: 'Bridge-8C14',
    token,
    tokenMode: opts.tokenMode,
    locks: [
      { serialNumber: `RL-${randomUUID().slice(0, 8)}`, name: 'Lock-9A25', type: 2, state: 6, batteryLevel: 77 },
      { serialNumber: `RL-${randomUUID().slice(0, 8)}`, name: 'Lock-GO', type: 4, state: 2 },
    ],
  });
  return { ...hw, token, address: hw.baseUrl.replace('http://', '') };
}

describe('adding a bridge by its local API', () => {
  it('checks it, lists its locks, adds the chosen ones under their names, registers its callback; they answer commands', async () => {
    const c = await cast();
    const b = await bridgeOnNetwork();
    const check = await api('POST', `${c.base}/check`, {
      key: c.admin.key,
      body: { address: b.address, token: b.token },
    });
    expect(check.status).toBe(200);
    expect(check.json.result).toMatchObject({
      bridge: { name: 'Bridge-8C14', serialNumber: b.bridge.serialNumber, isConnected: true, alreadyAdded: false },
      locks: [
        { id: 1, name: 'Lock-9A25', type: 2, state: 6, batteryLevel: 77, isConnected: true },
        { id: 2, name: 'Lock-GO', type: 4, state: 2 },
      ],
    });
    expect(check.json.result.bridge.capabilities).toEqual(['pins', 'settings', 'doorSensor', 'keypad', 'bell']);
    expect(b.bridge.callbacks).toEqual([]); // a check stores and registers nothing
    const add = await api('POST', c.base, {
      key: c.admin.key,
      body: { address: b.address, token: b.token, name: 'Hall bridge', locks: [{ id: 2, name: 'Hall door' }] },
    });
    expect(add.status).toBe(201);
    const { id, locks } = add.json.result;
    expect(locks).toEqual([{ id: expect.any(Number), remoteId: 2, name: 'Hall door' }]);
    // the callback is ours, at the bridge
    expect(b.bridge.callbacks.map((cb) => cb.url)).toEqual([`${config().BRIDGE_CALLBACK_URL}/api/bridge/${id}/events`]);
    const [link] = await (await db()).select().from(bridgeLinks).where(eq(bridgeLinks.bridgeId, id));
    expect(link).toMatchObject({ baseUrl: b.baseUrl, tokenMode: 'encrypted', callbackId: b.bridge.callbacks[0].id });
    expect(link.tokenCiphertext).not.toContain(b.token); // stored encrypted
    // the adder and the organization's owner own them
    const holders = await (await db()).select().from(deviceAccess).where(eq(deviceAccess.deviceId, locks[0].id));
    expect(holders.map((h) => h.userId).sort()).toEqual([c.owner.id, c.admin.id].sort());
    const lock = (await api('GET', `/api/v37/my/lock/${locks[0].id}`, { key: c.owner.key })).json.result;
    expect(lock).toMatchObject({ name: 'Hall door', connectedToId: id, isConnected: true, deviceState: { state: 2 } });
    // it answers commands, and its news arrives
    const r = await api('POST', `/api/v37/my/lock/${locks[0].id}/operation/lock`, { key: c.owner.key });
    expect(r.status).toBe(202);
    await eventually(async () => (await deviceRow(locks[0].id)).state === 6);
    await b.bridge.locks.get(2)!.press('knob', 'unlock');
    await b.bridge.idle();
    expect((await deviceRow(locks[0].id)).state).toBe(2);
    // the lock not chosen stays the bridge's only: its news is ignored
    await b.bridge.locks.get(1)!.press('knob', 'unlock');
    await b.bridge.idle();
    // listed for administrators, never with the token
    const list = await api('GET', c.base, { key: c.admin.key });
    expect(list.json.result).toEqual([
      expect.objectContaining({
        id,
        name: 'Hall bridge',
        address: b.baseUrl,
        tokenMode: 'encrypted',
        locks: [{ id: locks[0].id, name: 'Hall door' }],
      }),
    ]);
    expect(list.text).not.toContain(b.token);
    const [entry] = await (await db())
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'device.add'), eq(auditLog.organizationId, c.org.id)));
    expect(entry).toMatchObject({ organizationId: c.org.id, targetName: 'Hall bridge' });
    expect(JSON.stringify(entry)).not.toContain(b.token);
    // once is enough
    const again = await api('POST', c.base, {
      key: c.admin.key,
      body: { address: b.address, token: b.token, locks: [] },
    });
    expect(again.status).toBe(409);
    expect(again.json.errorMessages[0]).toMatch(/already added, as "Hall bridge"/);
  });

  it("a bridge's news about one of its locks changes that lock only, whichever of them it is about", async () => {
    const c = await cast();
    const b = await bridgeOnNetwork();
    const add = await api('POST', c.base, {
      key: c.admin.key,
      body: {
        address: b.address,
        token: b.token,
        locks: [
          { id: 1, name: 'Front' },
          { id: 2, name: 'Back' },
        ],
      },
    });
    expect(add.status).toBe(201);
    const ids = new Map<number, number>(
      add.json.result.locks.map((l: { id: number; remoteId: number }) => [l.remoteId, l.id]),
    );
    expect([(await deviceRow(ids.get(1)!)).state, (await deviceRow(ids.get(2)!)).state]).toEqual([6, 2]);
    // the first lock (locked) is unlocked at the door: it alone moves
    await b.bridge.locks.get(1)!.press('knob', 'unlock');
    await b.bridge.idle();
    expect([(await deviceRow(ids.get(1)!)).state, (await deviceRow(ids.get(2)!)).state]).toEqual([2, 2]);
    // then the second (unlocked) is locked: it alone moves
    await b.bridge.locks.get(2)!.press('knob', 'lock');
    await b.bridge.idle();
    expect([(await deviceRow(ids.get(1)!)).state, (await deviceRow(ids.get(2)!)).state]).toEqual([2, 6]);
  });

  it('refuses in words a person can act on: a wrong token, nothing answering, not a Tedee bridge, an address it will not call', async () => {
    const c = await cast();
    const b = await bridgeOnNetwork();
    const check = (body: Record<string, unknown>) => api('POST', `${c.base}/check`, { key: c.admin.key, body });
    const wrong = await check({ address: b.address, token: 'not-the-token' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errorMessages[0]).toMatch(/refused the API token.*Tedee app.*encrypted or a plain/);
    const plainAgainstEncrypted = await check({ address: b.address, token: b.token, tokenMode: 'plain' });
    expect(plainAgainstEncrypted.status).toBe(400);
    b.bridge.online = false;
    const gone = await check({ address: b.address, token: b.token });
    expect(gone.status).toBe(428);
    expect(gone.json.errorMessages[0]).toMatch(/Nothing answers at .*Check the address and port/);
    // the service itself answers there, but not as a Tedee bridge
    const notTedee = await check({
      address: `${config().BRIDGE_CALLBACK_URL!.replace('http://', '')}`,
      token: b.token,
    });
    expect(notTedee.status).toBe(412);
    expect(notTedee.json.errorMessages[0]).toMatch(/does not speak the Tedee Bridge API v1/);
    for (const address of ['bridge.local', '8.8.8.8', '169.254.169.254', 'http://user:pw@192.168.1.25'])
      expect((await check({ address, token: b.token })).status, address).toBe(400);
    const loop = await withConfig({ BRIDGE_ALLOW_LOOPBACK: undefined }, () =>
      check({ address: b.address, token: b.token }),
    );
    expect(loop.status).toBe(400);
    expect(loop.json.errorMessages[0]).toMatch(/private/);
    expect(await (await db()).select().from(bridgeLinks).where(eq(bridgeLinks.baseUrl, b.baseUrl))).toEqual([]);
  });

  it('a bridge set to a plain token is added with it', async () => {
    const c = await cast();
    const b = await bridgeOnNetwork({ tokenMode: 'plain' });
    const add = await api('POST', c.base, {
      key: c.owner.key,
      body: { address: b.address, token: b.token, tokenMode: 'plain', locks: [{ id: 1, name: 'Front' }] },
    });
    expect(add.status).toBe(201);
    const r = await api('POST', `/api/v37/my/lock/${add.json.result.locks[0].id}/operation/unlock`, {
      key: c.owner.key,
    });
    expect(r.status).toBe(202);
  });

  it('only the organization’s administrators: a member 403, an outsider 404, and nothing is asked of the bridge', async () => {
    const c = await cast();
    const b = await bridgeOnNetwork();
    const body = { address: b.address, token: b.token, locks: [] };
    expect((await api('POST', c.base, { key: c.member.key, body })).status).toBe(403);
    expect((await api('POST', `${c.base}/check`, { key: c.member.key, body })).status).toBe(403);
    expect((await api('POST', c.base, { key: c.outsider.key, body })).status).toBe(404);
    expect((await api('GET', c.base, { key: c.member.key })).status).toBe(403);
    expect(b.bridge.callbacks).toEqual([]);
  });

  it('removing a bridge removes its callback; its locks stay, unpaired; its events are refused afterwards', async () => {
    const c = await cast();
    const b = await bridgeOnNetwork();
    const add = await api('POST', c.base, {
      key: c.admin.key,
      body: { address: b.address, token: b.token, locks: [{ id: 1, name: 'Front' }] },
    });
    const { id, locks } = add.json.result;
    const url = b.bridge.callbacks[0].url;
    expect((await api('DELETE', `${c.base}/${id}`, { key: c.member.key })).status).toBe(403);
    expect((await api('DELETE', `${c.base}/${id}`, { key: c.admin.key })).status).toBe(204);
    expect(b.bridge.callbacks).toEqual([]);
    const lock = (await api('GET', `/api/v37/my/lock/${locks[0].id}`, { key: c.owner.key })).json.result;
    expect(lock).toMatchObject({ connectedToId: null, isConnected: null, deviceState: null });
    expect((await api('POST', `/api/v37/my/lock/${locks[0].id}/operation/unlock`, { key: c.owner.key })).status).toBe(
      428,
    );
    const late = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-bridge-secret': 'anything' },
      body: JSON.stringify({
        event: 'lock-status-changed',
        timestamp: new Date().toISOString(),
        data: { deviceId: 1, state: 2 },
      }),
    });
    expect(late.status).toBe(401);
    expect((await api('DELETE', `${c.base}/${id}`, { key: c.admin.key })).status).toBe(404);
  });
});
