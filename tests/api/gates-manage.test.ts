import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AccessLevel, deviceAccess, devices, gateSyncRuns, simExternalGates } from '@/db/schema';
import { runDueGateSyncs } from '@/lib/domain/devices/gate-sync';
import { api } from '../support/router';
import { createLock, createUser, db, grantUser } from '../support/factories/core';
import { activityOf, createGate, deviceRow, fault, outboxOf } from '../support/factories/devices';
import { activeWindow, outsideWindow } from '../support/factories/schedule';

/** Gates (issue 19): one gate, deleting it, opening it as a signed-in user, syncing the whole external account. */
const G = '/api/v37/my/gate';
const DAY = 24 * 3_600_000;

async function gateCast(over: Parameters<typeof createGate>[0] = {}) {
  const [owner, admin, guest, outsider] = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
  const gate = await createGate({ account: owner.id, ...over });
  await grantUser(gate.id, owner.id, AccessLevel.owner);
  await grantUser(gate.id, admin.id, AccessLevel.administrator);
  await grantUser(gate.id, guest.id, AccessLevel.guest);
  return { owner, admin, guest, outsider, gate };
}

const gatesOf = async (key: string) =>
  (await api('GET', G, { key })).json.result.gates as Array<{
    id: number;
    externalId: string;
    name: string;
    isPresentInExternal: boolean;
    accessLevel: number;
  }>;

describe('GET /my/gate/{id}', () => {
  it('answers the gate in its list shape; user settings on request; 404 for outsiders and other devices', async () => {
    const { owner, guest, outsider, gate } = await gateCast();
    const r = await api('GET', `${G}/${gate.id}`, { key: guest.key });
    expect(r.status).toBe(200);
    const [listed] = (await gatesOf(guest.key)).filter((g) => g.id === gate.id);
    expect(r.json.result).toEqual(listed);
    expect(r.json.result).toMatchObject({
      id: gate.id,
      type: 5,
      externalId: gate.externalId,
      isPresentInExternal: true,
      isConnected: true,
      accessLevel: 0,
      userSettings: null,
    });
    expect(
      (await api('GET', `${G}/${gate.id}?includeUserSettings=true`, { key: owner.key })).json.result.userSettings,
    ).toEqual({ favorite: false });
    expect((await api('GET', `${G}/${gate.id}`, { key: outsider.key })).status).toBe(404);
    expect((await api('GET', `${G}/${(await createGate()).id}`, { key: owner.key })).status).toBe(404);
    const lock = await createLock();
    await grantUser(lock.id, owner.id, AccessLevel.owner);
    expect((await api('GET', `${G}/${lock.id}`, { key: owner.key })).status).toBe(404);
  });
});

describe('POST /my/gate/{id}/operation/unlock', () => {
  it('opens the gate for its administrator: 204 once the external system confirmed, activity 10000 by them', async () => {
    const { admin, gate } = await gateCast();
    const r = await api('POST', `${G}/${gate.id}/operation/unlock`, { key: admin.key });
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    expect((await activityOf(gate.id)).map((a) => [a.event, a.source, a.userId, a.username])).toEqual([
      [10000, 1, admin.id, admin.displayName],
    ]);
  });

  it('not for a guest outside their window nor one without remote access (403 in words); a guest inside it may; 404 for outsiders', async () => {
    const { owner, outsider, gate } = await gateCast();
    const [late, local, inside] = await Promise.all([createUser(), createUser(), createUser()]);
    await grantUser(gate.id, late.id, AccessLevel.guest, { weekDays: 127, ...outsideWindow() });
    await grantUser(gate.id, local.id, AccessLevel.guest, { remoteAccessDisabled: true });
    await grantUser(gate.id, inside.id, AccessLevel.guest, activeWindow());
    const refused = await api('POST', `${G}/${gate.id}/operation/unlock`, { key: late.key });
    expect(refused.status).toBe(403);
    expect(refused.json.errorMessages[0]).toMatch(/Your access to .* so you cannot open it/);
    expect((await api('POST', `${G}/${gate.id}/operation/unlock`, { key: local.key })).status).toBe(403);
    expect((await api('POST', `${G}/${gate.id}/operation/unlock`, { key: outsider.key })).status).toBe(404);
    expect(await activityOf(gate.id)).toEqual([]);
    expect((await api('POST', `${G}/${gate.id}/operation/unlock`, { key: inside.key })).status).toBe(204);
    // Tedee's scopes: Lock.Operate or Device.ReadWrite; Device.Read is not enough
    expect(
      (await api('POST', `${G}/${gate.id}/operation/unlock`, { key: await owner.keyWith(['Device.Read']) })).status,
    ).toBe(403);
  });

  it('412 when unlinked, 423 (Tedee: Locked, gate/unlock.rst) when disconnected in the external system, 408 when it does not confirm', async () => {
    const { owner, gate } = await gateCast();
    const unlinked = await createGate({ isPresentInExternal: false, external: false });
    const offline = await createGate({ external: { isConnected: false } });
    for (const g of [unlinked, offline]) await grantUser(g.id, owner.id, AccessLevel.owner);
    const u = await api('POST', `${G}/${unlinked.id}/operation/unlock`, { key: owner.key });
    expect(u.status).toBe(412);
    expect(u.json.errorMessages[0]).toMatch(/unlinked/);
    expect((await api('POST', `${G}/${offline.id}/operation/unlock`, { key: owner.key })).status).toBe(423);
    await fault(gate.id, 'timeout');
    expect((await api('POST', `${G}/${gate.id}/operation/unlock`, { key: owner.key })).status).toBe(408);
    expect(await activityOf(gate.id)).toEqual([]);
  });
});

describe('DELETE /my/gate/{id}', () => {
  it('removes the gate for everyone (204); its owner’s next full sync brings it back as a new device, as Tedee warns', async () => {
    const { owner, admin, guest, gate } = await gateCast();
    expect((await api('DELETE', `${G}/${gate.id}`, { key: guest.key })).status).toBe(403);
    const r = await api('DELETE', `${G}/${gate.id}`, { key: admin.key });
    expect(r.status).toBe(204);
    expect(await deviceRow(gate.id)).toBeUndefined();
    expect((await api('GET', `${G}/${gate.id}`, { key: owner.key })).status).toBe(404);
    expect((await api('DELETE', `${G}/${gate.id}`, { key: owner.key })).status).toBe(404);
    // the external system was never written
    expect(
      await (await db()).select().from(simExternalGates).where(eq(simExternalGates.externalId, gate.externalId!)),
    ).toHaveLength(1);
    expect((await api('POST', `${G}/sync`, { key: owner.key })).status).toBe(204);
    const back = (await gatesOf(owner.key)).filter((g) => g.externalId === gate.externalId);
    expect(back).toHaveLength(1);
    expect(back[0].id).not.toBe(gate.id);
    expect(back[0]).toMatchObject({ accessLevel: 2, isPresentInExternal: true });
    expect(await gatesOf(admin.key)).toEqual([]); // shares went with the old device
  });

  it('an administrator outside their schedule may not delete it', async () => {
    const { gate } = await gateCast();
    const offHours = await createUser();
    await grantUser(gate.id, offHours.id, AccessLevel.administrator, outsideWindow());
    expect((await api('DELETE', `${G}/${gate.id}`, { key: offHours.key })).status).toBe(403);
    expect(await deviceRow(gate.id)).toBeDefined();
  });
});

describe('POST /my/gate/sync', () => {
  it('discovers a gate added to the caller’s account in the external system, unlinks one gone from it, refreshes the rest; 204', async () => {
    const { owner, gate } = await gateCast();
    const gone = await createGate({ account: owner.id });
    await grantUser(gone.id, owner.id, AccessLevel.owner);
    const d = await db();
    await d.delete(simExternalGates).where(eq(simExternalGates.externalId, gone.externalId!));
    await d
      .update(simExternalGates)
      .set({ impulseLength: 4200 })
      .where(eq(simExternalGates.externalId, gate.externalId!));
    const externalId = `EXT-NEW-${gate.id}`;
    const added = await api('POST', '/api/sim/gate', {
      key: owner.key,
      body: { action: 'add', externalId, name: 'Garden gate', impulseLength: 900, firmware: '2.0.1' },
    });
    expect(added.status).toBe(200);
    expect(added.json.result.account).toBe(owner.id);
    // someone else's account is not the caller's
    const stranger = await createUser();
    await d
      .insert(simExternalGates)
      .values({ externalId: `EXT-THEIRS-${gate.id}`, account: stranger.id, name: 'Not mine' });

    const r = await api('POST', `${G}/sync`, { key: owner.key });
    expect(r.status).toBe(204);
    const mine = await gatesOf(owner.key);
    const found = mine.find((g) => g.externalId === externalId)!;
    expect(found).toMatchObject({ name: 'Garden gate', accessLevel: 2, isPresentInExternal: true, isConnected: true });
    const full = (await api('GET', `${G}/${found.id}`, { key: owner.key })).json.result;
    expect(full).toMatchObject({
      externalName: 'Garden gate',
      impulseLength: 900,
      softwareVersions: [{ softwareType: 0, version: '2.0.1', updateAvailable: false }],
    });
    expect(mine.find((g) => g.id === gone.id)).toMatchObject({ isPresentInExternal: false });
    expect((await api('GET', `${G}/${gate.id}`, { key: owner.key })).json.result.impulseLength).toBe(4200);
    expect(mine.some((g) => g.externalId === `EXT-THEIRS-${gate.id}`)).toBe(false);
    expect((await outboxOf(gone.id)).map((o) => (o.payload as any).data)).toEqual([
      expect.objectContaining({ isConnected: null, isPresentInExternal: false }),
    ]);
    // a second sync finds nothing new
    await api('POST', `${G}/sync`, { key: owner.key });
    expect((await gatesOf(owner.key)).length).toBe(mine.length);
    const [run] = await d.select().from(gateSyncRuns).where(eq(gateSyncRuns.userId, owner.id));
    expect(Date.now() - run.lastFullSync.getTime()).toBeLessThan(60_000);
  });

  it('a gate gone from the account comes back, with fresh data, once it is added there again', async () => {
    const { owner, gate } = await gateCast();
    const d = await db();
    await d.delete(simExternalGates).where(eq(simExternalGates.externalId, gate.externalId!));
    await api('POST', `${G}/sync`, { key: owner.key });
    expect((await deviceRow(gate.id)).isPresentInExternal).toBe(false);
    await api('POST', '/api/sim/gate', {
      key: owner.key,
      body: { action: 'add', externalId: gate.externalId, name: 'Back again', impulseLength: 777 },
    });
    await api('POST', `${G}/sync`, { key: owner.key });
    expect(await deviceRow(gate.id)).toMatchObject({
      isPresentInExternal: true,
      externalName: 'Back again',
      impulseLength: 777,
      isConnected: true,
    });
  });
});

describe('automatic full gate sync', () => {
  it('runs 24 h after the last full sync of an account, once, however many workers claim it at the same time', async () => {
    const { owner } = await gateCast();
    const other = await createUser();
    await api('POST', `${G}/sync`, { key: owner.key });
    await api('POST', `${G}/sync`, { key: other.key });
    const d = await db();
    const externalId = `EXT-AUTO-${owner.numId}`;
    await d.insert(simExternalGates).values({ externalId, account: owner.id, name: 'Found by the worker' });
    const only = [owner.id, other.id];
    // not due yet: nothing happens
    expect(await runDueGateSyncs(d, new Date(Date.now() + DAY - 60_000), only)).toEqual([]);
    expect((await gatesOf(owner.key)).some((g) => g.externalId === externalId)).toBe(false);
    // due for the owner only (the other synced just now, a day later than the owner's last run)
    await d
      .update(gateSyncRuns)
      .set({ lastFullSync: new Date(Date.now() - DAY - 60_000) })
      .where(eq(gateSyncRuns.userId, owner.id));
    const runs = await Promise.all([
      runDueGateSyncs(d, new Date(), only),
      runDueGateSyncs(d, new Date(), only),
      runDueGateSyncs(d, new Date(), only),
    ]);
    expect(runs.flat()).toEqual([owner.id]);
    const found = await d
      .select()
      .from(devices)
      .where(and(eq(devices.externalId, externalId), eq(devices.externalAccount, owner.id)));
    expect(found).toHaveLength(1);
    const [access] = await d.select().from(deviceAccess).where(eq(deviceAccess.deviceId, found[0].id));
    expect(access).toMatchObject({ userId: owner.id, accessLevel: AccessLevel.owner });
    const [run] = await d.select().from(gateSyncRuns).where(eq(gateSyncRuns.userId, owner.id));
    expect(run.claimedUntil).toBeNull();
    expect(Date.now() - run.lastFullSync.getTime()).toBeLessThan(60_000);
    // and it is not due again until 24 h after this run
    expect(await runDueGateSyncs(d, new Date(Date.now() + DAY - 60_000), only)).toEqual([]);
  });

  it('a claim left by a process that died is taken over once it expires', async () => {
    const { owner } = await gateCast();
    await api('POST', `${G}/sync`, { key: owner.key });
    const d = await db();
    await d
      .update(gateSyncRuns)
      .set({ lastFullSync: new Date(Date.now() - 2 * DAY), claimedUntil: new Date(Date.now() + 60_000) })
      .where(eq(gateSyncRuns.userId, owner.id));
    expect(await runDueGateSyncs(d, new Date(), [owner.id])).toEqual([]);
    expect(await runDueGateSyncs(d, new Date(Date.now() + 120_000), [owner.id])).toEqual([owner.id]);
  });
});
