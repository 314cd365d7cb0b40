import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceAccess } from '@/db/schema';
import { api } from '../support/router';
import {
  addOrgUser,
  createBridge,
  createGroup,
  createLock,
  createOrg,
  createUser,
  db,
  grantGroup,
  lockWithCast,
} from '../support/factories/core';
import { insertPins, pinRows } from '../support/factories/pins';

/** Who may manage a lock's PINs: owner and administrator (also through a group); guest 403; others 404. */
const base = (lockId: number) => `/api/v37/my/lock/${lockId}/pin`;
const body = (over: Record<string, unknown> = {}) => ({ alias: 'Cleaner', pin: '482915', ...over });

describe('who may manage PINs', () => {
  it('owner and administrator may; guest 403; outsider 404; a device that is not a lock 404', async () => {
    const { owner, admin, guest, outsider, bridge, lock } = await lockWithCast();
    // a PIN with an end: an administrator of a device of no organization may make it, and so read its value
    const [pinId] = await insertPins(lock.id, [{ value: '582013', endDate: new Date(Date.now() + 7 * 86_400_000) }]);
    for (const u of [owner, admin]) {
      expect((await api('GET', base(lock.id), { key: u.key })).status).toBe(200);
      expect((await api('GET', `${base(lock.id)}/${pinId}`, { key: u.key })).status).toBe(200);
    }
    const calls: Array<[string, string, unknown?]> = [
      ['GET', base(lock.id)],
      ['POST', base(lock.id), body()],
      ['GET', `${base(lock.id)}/${pinId}`],
      ['PUT', `${base(lock.id)}/${pinId}`, body()],
      ['DELETE', `${base(lock.id)}/${pinId}`],
    ];
    for (const [method, url, b] of calls) {
      const asGuest = await api(method, url, { key: guest.key, body: b });
      expect(asGuest.status, `${method} ${url} as guest`).toBe(403);
      expect(asGuest.json.errorMessages[0]).toMatch(/owner or administrator/);
      expect((await api(method, url, { key: outsider.key, body: b })).status, `${method} ${url} as outsider`).toBe(404);
    }
    expect((await api('GET', base(bridge.id), { key: owner.key })).status).toBe(404);
    expect(await pinRows(lock.id)).toHaveLength(1);
  });

  it('an administrator through a group may manage PINs', async () => {
    const org = await createOrg();
    const u = await createUser();
    const ou = await addOrgUser(org.id, u.id);
    const group = await createGroup(org.id, undefined, [ou]);
    const lock = await createLock({ bridge: await createBridge() });
    await grantGroup(lock.id, group.id, 1);
    const endDate = new Date(Date.now() + 7 * 86_400_000).toISOString();
    expect((await api('POST', base(lock.id), { key: u.key, body: body({ endDate }) })).status).toBe(201);
  });

  it('scopes: reads take Device.Read, writes need Device.ReadWrite', async () => {
    const { owner, lock } = await lockWithCast();
    const readOnly = await owner.keyWith(['Device.Read']);
    expect((await api('GET', base(lock.id), { key: readOnly })).status).toBe(200);
    expect((await api('POST', base(lock.id), { key: readOnly, body: body() })).status).toBe(403);
    expect((await api('GET', base(lock.id), { key: await owner.keyWith(['Lock.Operate']) })).status).toBe(403);
    expect((await api('GET', base(lock.id))).status).toBe(401);
  });

  it('unknown pinId, or a pinId of another lock -> 404', async () => {
    const { owner, lock } = await lockWithCast();
    const other = await lockWithCast();
    const [foreignPin] = await insertPins(other.lock.id, [{ value: '582013' }]);
    for (const id of [2147483000, foreignPin]) {
      expect((await api('GET', `${base(lock.id)}/${id}`, { key: owner.key })).status).toBe(404);
      expect((await api('PUT', `${base(lock.id)}/${id}`, { key: owner.key, body: body() })).status).toBe(404);
      expect((await api('DELETE', `${base(lock.id)}/${id}`, { key: owner.key })).status).toBe(404);
    }
    expect(await pinRows(other.lock.id)).toHaveLength(1);
  });

  it('an access outside its dates gives no right to PINs', async () => {
    const { admin, lock } = await lockWithCast();
    await (await db())
      .update(deviceAccess)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(deviceAccess.userId, admin.id));
    expect((await api('GET', base(lock.id), { key: admin.key })).status).toBe(404);
  });
});
