import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceAccess, deviceAccessLists, devices, organizationUsers, userGroups, users } from '@/db/schema';
import { keepAccessList } from '@/lib/domain/access/list';
import { sharingCast } from '../support/factories/access';
import { addOrgUser, createOrg, createUser, db, grantUser } from '../support/factories/core';
import { api } from '../support/router';

// The full access list is kept between reads (device_access_lists). These tests read it once so
// it is kept, change what a record shows, and expect the very next read to show the change.
// Changes go through the API where it has a verb, and straight to the database otherwise, as
// another process or an operator would: the triggers, not the API code, keep the list honest.

const url = (id: number) => `/api/v37/my/device/${id}/access`;

async function list(deviceId: number, key: string) {
  const res = await api('GET', url(deviceId), { key });
  expect(res.status).toBe(200);
  return res.json.result as Array<Record<string, unknown>>;
}

/** what the general (filtered) read builds from scratch: the kept list must equal it */
async function fresh(deviceId: number, key: string) {
  const people = await api('GET', `${url(deviceId)}?Filters.PrincipalType=0`, { key });
  const groups = await api('GET', `${url(deviceId)}?Filters.PrincipalType=1`, { key });
  const byId = new Map([...people.json.result, ...groups.json.result].map((r: Record<string, unknown>) => [r.id, r]));
  return (await list(deviceId, key)).map((r) => byId.get(r.id));
}

async function keptRow(deviceId: number) {
  const [row] = await (await db()).select().from(deviceAccessLists).where(eq(deviceAccessLists.deviceId, deviceId));
  return row;
}

describe('the kept access list', () => {
  it('is kept after a full read, and the next read answers it unchanged', async () => {
    const c = await sharingCast();
    const first = await list(c.lock.id, c.owner.key);
    const row = await keptRow(c.lock.id);
    expect(row.builtVersion).toBe(row.version);
    expect(JSON.parse(row.records!)).toEqual(first);
    expect(await list(c.lock.id, c.admin.key)).toEqual(first);
    expect(await fresh(c.lock.id, c.owner.key)).toEqual(first);
  });

  it('a guest’s reduced view is never kept nor answered from the kept list', async () => {
    const c = await sharingCast();
    await list(c.lock.id, c.owner.key);
    const g = await list(c.lock.id, c.guest.key);
    expect(g.map((r) => r.principalId)).toEqual([c.owner.id, c.guest.id]);
    expect(JSON.parse((await keptRow(c.lock.id)).records!)).toHaveLength(4);
  });

  it('shows grants, edits and revocations made through the API on the next read', async () => {
    const c = await sharingCast();
    await list(c.lock.id, c.owner.key);
    const newcomer = await createUser();
    const grant = await api('POST', url(c.lock.id), {
      key: c.owner.key,
      body: { principalType: 0, userEmail: newcomer.email, accessLevel: 0, remoteAccessDisabled: false },
    });
    expect(grant.status).toBe(201);
    const afterGrant = await list(c.lock.id, c.owner.key);
    const added = afterGrant.find((r) => r.principalId === newcomer.id)!;
    expect(added).toMatchObject({ principalName: newcomer.displayName, userEmail: newcomer.email, accessLevel: 0 });

    const edit = await api('PUT', `${url(c.lock.id)}/${added.id}`, {
      key: c.owner.key,
      body: { accessLevel: 1, weekDays: 3 },
    });
    expect(edit.status).toBeLessThan(300);
    expect((await list(c.lock.id, c.owner.key)).find((r) => r.id === added.id)).toMatchObject({
      accessLevel: 1,
      weekDays: 3,
    });

    expect((await api('DELETE', `${url(c.lock.id)}/${added.id}`, { key: c.owner.key })).status).toBeLessThan(300);
    const afterRevoke = await list(c.lock.id, c.owner.key);
    expect(afterRevoke.map((r) => r.id)).not.toContain(added.id);
    expect(afterRevoke).toEqual(await fresh(c.lock.id, c.owner.key));
  });

  it('shows a user’s new name and e-mail, and a group’s new name, on the next read', async () => {
    const c = await sharingCast();
    await list(c.lock.id, c.owner.key);
    const d = await db();
    await d
      .update(users)
      .set({ displayName: 'Renamed Guest', email: `renamed-${c.guest.id}@example.test` })
      .where(eq(users.id, c.guest.id));
    const afterUser = await list(c.lock.id, c.owner.key);
    expect(afterUser.find((r) => r.principalId === c.guest.id)).toMatchObject({
      principalName: 'Renamed Guest',
      userEmail: `renamed-${c.guest.id}@example.test`,
    });

    await d.update(userGroups).set({ name: 'Renamed Group' }).where(eq(userGroups.id, c.group.id));
    const afterGroup = await list(c.lock.id, c.owner.key);
    expect(afterGroup.find((r) => r.principalId === c.group.id)).toMatchObject({ principalName: 'Renamed Group' });
    expect(afterGroup).toEqual(await fresh(c.lock.id, c.owner.key));
  });

  it('shows organization membership (organizationUserId) as it changes, and the device moving organization', async () => {
    const c = await sharingCast();
    expect((await list(c.lock.id, c.owner.key)).find((r) => r.principalId === c.guest.id)).toMatchObject({
      organizationUserId: 0,
    });
    const orgUserId = await addOrgUser(c.org.id, c.guest.id);
    expect((await list(c.lock.id, c.owner.key)).find((r) => r.principalId === c.guest.id)).toMatchObject({
      organizationUserId: orgUserId,
    });
    await (await db()).delete(organizationUsers).where(eq(organizationUsers.id, orgUserId));
    expect((await list(c.lock.id, c.owner.key)).find((r) => r.principalId === c.guest.id)).toMatchObject({
      organizationUserId: 0,
    });

    const other = await createOrg();
    const ownerThere = await addOrgUser(other.id, c.owner.id, 2);
    await (await db()).update(devices).set({ organizationId: other.id }).where(eq(devices.id, c.lock.id));
    const moved = await list(c.lock.id, c.owner.key);
    expect(moved.find((r) => r.principalId === c.owner.id)).toMatchObject({ organizationUserId: ownerThere });
    expect(moved.find((r) => r.principalId === c.admin.id)).toMatchObject({ organizationUserId: 0 });
  });

  it('shows accesses added, changed and removed straight in the database, and a deleted user', async () => {
    const c = await sharingCast();
    await list(c.lock.id, c.owner.key);
    const d = await db();
    const late = await createUser();
    await grantUser(c.lock.id, late.id, 0);
    expect((await list(c.lock.id, c.owner.key)).map((r) => r.principalId)).toContain(late.id);
    await d.update(deviceAccess).set({ remoteAccessDisabled: true }).where(eq(deviceAccess.userId, late.id));
    expect((await list(c.lock.id, c.owner.key)).find((r) => r.principalId === late.id)).toMatchObject({
      remoteAccessDisabled: true,
    });
    await d.delete(users).where(eq(users.id, late.id));
    expect((await list(c.lock.id, c.owner.key)).map((r) => r.principalId)).not.toContain(late.id);
  });

  it('is not kept when the list changed while it was being built (the version moved on)', async () => {
    const c = await sharingCast();
    await list(c.lock.id, c.owner.key);
    const d = await db();
    const before = await keptRow(c.lock.id);
    // as if a reader had built the list for the old version and another process then changed an access
    await d.update(deviceAccess).set({ weekDays: 5 }).where(eq(deviceAccess.userId, c.guest.id));
    await keepAccessList(d, c.lock.id, before.version, before.records!);
    const row = await keptRow(c.lock.id);
    expect(row.version).toBeGreaterThan(before.version);
    expect(row.builtVersion).not.toBe(row.version);
    expect((await list(c.lock.id, c.owner.key)).find((r) => r.principalId === c.guest.id)).toMatchObject({
      weekDays: 5,
    });
  });

  it('goes with its device', async () => {
    const c = await sharingCast();
    await list(c.lock.id, c.owner.key);
    await (await db()).delete(devices).where(eq(devices.id, c.lock.id));
    expect(await keptRow(c.lock.id)).toBeUndefined();
  });
});
