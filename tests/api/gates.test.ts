import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AccessLevel, simExternalGates } from '@/db/schema';
import { api } from '../support/router';
import { createUser, db, grantUser } from '../support/factories/core';
import { createGate, outboxOf } from '../support/factories/devices';

const NO_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

async function gateCast(over: Parameters<typeof createGate>[0] = {}) {
  const [owner, admin, guest, outsider] = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
  const gate = await createGate(over);
  await grantUser(gate.id, owner.id, AccessLevel.owner);
  await grantUser(gate.id, admin.id, AccessLevel.administrator);
  await grantUser(gate.id, guest.id, AccessLevel.guest);
  return { owner, admin, guest, outsider, gate };
}

describe('GET /my/gate', () => {
  it('answers {page, itemsPerPage, gates} with the gate fields', async () => {
    const { owner, gate } = await gateCast();
    const r = await api('GET', '/api/v37/my/gate', { key: owner.key });
    expect(r.status).toBe(200);
    expect(r.json.result).toMatchObject({ page: 1, itemsPerPage: 100 });
    const [g] = r.json.result.gates;
    expect(g).toMatchObject({
      id: gate.id,
      type: 5,
      name: gate.name,
      externalId: gate.externalId,
      externalName: gate.externalName,
      externalType: 'barrier',
      impulseLength: 1000,
      icon: 1,
      userSettings: null,
      location: null,
      isPresentInExternal: true,
      isConnected: true,
      accessLevel: 2,
      organizationId: null,
    });
    expect(g.created).toMatch(NO_ZONE);
    expect(g.accessDetails.accessLevel).toBe(2);
    expect(g).toHaveProperty('softwareVersions');
    const withSettings = await api('GET', '/api/v37/my/gate?IncludeUserSettings=true', { key: owner.key });
    expect(withSettings.json.result.gates[0].userSettings).toEqual({ favorite: false });
  });

  it('filters by name and connectivity (unlinked gates match neither); pages; 400 outside limits', async () => {
    const { owner, gate } = await gateCast();
    const off = await createGate({ name: `Barrier ${gate.name}`, isConnected: false });
    const gone = await createGate({ name: `Zzz ${gate.name}`, isPresentInExternal: false, external: false });
    await grantUser(off.id, owner.id, AccessLevel.owner);
    await grantUser(gone.id, owner.id, AccessLevel.owner);
    const ids = async (q: string) =>
      (await api('GET', `/api/v37/my/gate?${q}`, { key: owner.key })).json.result.gates.map((g: any) => g.id);
    expect(await ids('')).toEqual([off.id, gate.id, gone.id]);
    expect(await ids('filters.name=barrier')).toEqual([off.id]);
    expect(await ids('filters.isConnected=true')).toEqual([gate.id]);
    expect(await ids('filters.isConnected=false')).toEqual([off.id]);
    expect(await ids('page=2&itemsPerPage=2')).toEqual([gone.id]);
    const unlinked = (await api('GET', '/api/v37/my/gate?filters.name=zzz', { key: owner.key })).json.result.gates[0];
    expect(unlinked).toMatchObject({ isPresentInExternal: false, isConnected: null });
    for (const bad of ['page=0', 'itemsPerPage=101', 'filters.isConnected=perhaps'])
      expect((await api('GET', `/api/v37/my/gate?${bad}`, { key: owner.key })).status, bad).toBe(400);
    expect((await api('GET', '/api/v37/my/gate')).status).toBe(401);
    expect((await api('GET', '/api/v37/my/gate', { key: await owner.keyWith(['Lock.Operate']) })).status).toBe(403);
  });
});

describe('POST /my/gate/{id}/sync', () => {
  it('takes impulse length, firmware, names and connectivity from the external system, which it never writes', async () => {
    const { admin, gate } = await gateCast({
      external: { impulseLength: 2500, firmware: '5.0.1', isConnected: false },
    });
    const d = await db();
    const [before] = await d.select().from(simExternalGates).where(eq(simExternalGates.externalId, gate.externalId!));
    const r = await api('POST', `/api/v37/my/gate/${gate.id}/sync`, { key: admin.key });
    expect(r.status).toBe(200);
    expect(r.json.result).toMatchObject({
      id: gate.id,
      impulseLength: 2500,
      isConnected: false,
      isPresentInExternal: true,
      revision: 2,
      userSettings: null,
    });
    expect(r.json.result.softwareVersions[0]).toEqual({ softwareType: 0, version: '5.0.1', updateAvailable: false });
    const [after] = await d.select().from(simExternalGates).where(eq(simExternalGates.externalId, gate.externalId!));
    expect(after).toEqual(before);
    expect((await outboxOf(gate.id)).map((o) => o.event).sort()).toEqual([
      'device-connection-changed',
      'device-settings-changed',
    ]);
    const again = await api('POST', `/api/v37/my/gate/${gate.id}/sync?includeUserSettings=true`, { key: admin.key });
    expect(again.json.result).toMatchObject({ revision: 2, userSettings: { favorite: false } });
  });

  it('unlinks a gate that is gone upstream, and links it again with fresh data when it returns', async () => {
    const { owner, gate } = await gateCast();
    const d = await db();
    await d.delete(simExternalGates).where(eq(simExternalGates.externalId, gate.externalId!));
    const r = await api('POST', `/api/v37/my/gate/${gate.id}/sync`, { key: owner.key });
    expect(r.json.result).toMatchObject({ isPresentInExternal: false, isConnected: null, impulseLength: 1000 });
    await api('POST', '/api/sim/gate', {
      key: owner.key,
      body: { action: 'add', externalId: gate.externalId, name: 'Back again', impulseLength: 700 },
    });
    const back = await api('POST', `/api/v37/my/gate/${gate.id}/sync`, { key: owner.key });
    expect(back.json.result).toMatchObject({
      isPresentInExternal: true,
      isConnected: true,
      externalName: 'Back again',
      impulseLength: 700,
    });
  });

  it('403 for a guest, 404 for an outsider or a lock id, 401 anonymous, 403 without Device.ReadWrite, 400 bad id', async () => {
    const { guest, outsider, owner, gate } = await gateCast();
    expect((await api('POST', `/api/v37/my/gate/${gate.id}/sync`, { key: guest.key })).status).toBe(403);
    expect((await api('POST', `/api/v37/my/gate/${gate.id}/sync`, { key: outsider.key })).status).toBe(404);
    expect((await api('POST', `/api/v37/my/gate/${gate.id}/sync`)).status).toBe(401);
    expect(
      (await api('POST', `/api/v37/my/gate/${gate.id}/sync`, { key: await owner.keyWith(['Device.Read']) })).status,
    ).toBe(403);
    expect((await api('POST', `/api/v37/my/gate/x/sync`, { key: owner.key })).status).toBe(400);
  });
});
