import { beforeAll, describe, expect, it } from 'vitest';
import { publicUrl } from '@/lib/config/env';
import { api } from '../support/router';
import { eq } from 'drizzle-orm';
import { AccessLevel, accessLinks, organizationUsers } from '@/db/schema';
import { createBridge, createGroup, createLock, db, grantGroup, grantUser } from '../support/factories/core';
import { createGate, createOrgLock, orgWithCast, type Cast } from '../support/factories/organization';
import { createSite } from '../support/factories/sites';

let c: Cast;
let lock: { id: number };
let gate: { id: number };
const base = () => `/api/v37/organization/${c.org.id}/accesslink`;
const window = { startDate: '2030-01-01T08:00:00.000Z', endDate: '2030-01-31T18:00:00.000Z' };

async function make(body: Record<string, unknown> = {}) {
  const res = await api('POST', base(), {
    key: c.admin.key,
    body: { name: 'Original', description: 'First words', deviceIds: [lock.id, gate.id], repeatEvent: window, ...body },
  });
  return res.json.result as { id: string; url: string };
}
const read = async (id: string) => (await api('GET', `${base()}/${id}`, { key: c.admin.key })).json.result;

beforeAll(async () => {
  c = await orgWithCast();
  lock = await createOrgLock(c.org.id, { name: 'Lock one' });
  gate = await createGate(c.org.id, { name: 'Gate one' });
  for (const d of [lock, gate]) {
    await grantUser(d.id, c.owner.id, AccessLevel.owner);
    await grantUser(d.id, c.admin.id, AccessLevel.administrator);
  }
});

describe('PATCH accesslink/{id} (endpoint 14)', () => {
  it('link URLs are on the public URL whatever host the request named (behind a load balancer, or a forged Host)', async () => {
    const made = await api('POST', `http://10.0.0.7:3011${base()}`, {
      key: c.admin.key,
      body: { name: 'Host', deviceIds: [lock.id], repeatEvent: window },
    });
    expect(made.status).toBe(201);
    expect(new URL(made.json.result.url).origin).toBe(publicUrl().origin);
    const shown = await api('GET', `http://evil.example${base()}/${made.json.result.id}/url`, { key: c.admin.key });
    expect(shown.json.result.url).toBe(made.json.result.url);
    const listed = await api('GET', `http://evil.example${base()}`, { key: c.admin.key });
    expect(listed.json.result.items.find((l: { id: string }) => l.id === made.json.result.id).accessLinkUrl).toBe(
      made.json.result.url,
    );
  });

  it('200 envelope without result; only the field sent changes', async () => {
    const { id, url } = await make();
    const before = await read(id);
    const res = await api('PATCH', `${base()}/${id}`, {
      key: c.admin.key,
      body: { repeatEvent: { startDate: '2031-01-01T00:00:00Z', endDate: '2031-02-01T00:00:00Z' } },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, errorMessages: [], statusCode: 200 });
    const after = await read(id);
    expect(after.accessLink).toEqual({
      ...before.accessLink,
      repeatEvent: {
        startDate: '2031-01-01T00:00:00.000Z',
        endDate: '2031-02-01T00:00:00.000Z',
        dayStartTime: null,
        dayEndTime: null,
        weekDays: null,
      },
    });
    expect(after.accessLinkUrl).toBe(url);
    await api('PATCH', `${base()}/${id}`, { key: c.admin.key, body: { description: 'New words' } });
    expect((await read(id)).accessLink).toMatchObject({ name: 'Original', description: 'New words' });
    await api('PATCH', `${base()}/${id}`, { key: c.admin.key, body: { name: 'Renamed', unknownField: 1 } });
    expect((await read(id)).accessLink).toMatchObject({ name: 'Renamed', description: 'New words' });
  });

  it('replaces the devices in the new order (either spelling); null repeatEvent makes it permanent; {} changes nothing', async () => {
    const { id } = await make();
    await api('PATCH', `${base()}/${id}`, { key: c.owner.key, body: { devicesIds: [gate.id, lock.id] } });
    expect((await read(id)).accessLink.devices.map((d: any) => [d.id, d.order])).toEqual([
      [gate.id, 1],
      [lock.id, 2],
    ]);
    await api('PATCH', `${base()}/${id}`, { key: c.owner.key, body: { deviceIds: [lock.id] } });
    expect((await read(id)).accessLink.devices.map((d: any) => d.id)).toEqual([lock.id]);
    const before = await read(id);
    expect((await api('PATCH', `${base()}/${id}`, { key: c.owner.key, body: {} })).status).toBe(200);
    expect(await read(id)).toEqual(before);
    // made by an administrator: not even the owner widens it past what its creator could grant (an end)
    const widened = await api('PATCH', `${base()}/${id}`, { key: c.owner.key, body: { repeatEvent: null } });
    expect(widened.status).toBe(403);
    expect(widened.json.errorMessages[0]).toMatch(/Only the organization owner can make an access link without an end/);
    expect((await read(id)).accessLink.repeatEvent).toEqual(before.accessLink.repeatEvent);
    // one the owner made, the owner may make permanent
    const mine = (
      await api('POST', base(), {
        key: c.owner.key,
        body: { name: 'Owner made', deviceIds: [lock.id], repeatEvent: window },
      })
    ).json.result;
    expect((await api('PATCH', `${base()}/${mine.id}`, { key: c.owner.key, body: { repeatEvent: null } })).status).toBe(
      200,
    );
    expect((await read(mine.id)).accessLink.repeatEvent).toBeNull();
  });

  it('400 with the rules of creation; the link is unchanged', async () => {
    const { id } = await make();
    const before = await read(id);
    const foreign = await createOrgLock(c.other.id);
    for (const body of [
      { description: 'y'.repeat(73) },
      { deviceIds: [] },
      { deviceIds: [lock.id, lock.id] },
      { deviceIds: [foreign.id] },
      { name: '' },
      { repeatEvent: { startDate: '2030-01-01T00:00:00Z' } },
    ]) {
      const res = await api('PATCH', `${base()}/${id}`, { key: c.admin.key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await read(id)).toEqual(before);
    expect(
      (await api('PATCH', `${base()}/${id}`, { key: c.admin.key, body: { description: 'z'.repeat(72) } })).status,
    ).toBe(200);
  });

  it('404 for unknown links, members and outsiders; 403 without AccessLink.ReadWrite', async () => {
    const { id } = await make();
    const body = { name: 'x' };
    expect(
      (await api('PATCH', `${base()}/00000000-0000-4000-8000-000000000000`, { key: c.admin.key, body })).status,
    ).toBe(404);
    expect((await api('PATCH', `${base()}/${id}`, { key: c.member.key, body })).status).toBe(404);
    expect((await api('PATCH', `${base()}/${id}`, { key: c.outsider.key, body })).status).toBe(404);
    expect(
      (await api('PATCH', `${base()}/${id}`, { key: await c.admin.keyWith(['AccessLink.Read']), body })).status,
    ).toBe(403);
    expect((await read(id)).accessLink.name).toBe('Original');
  });
});

describe('GET accesslink (list) and DELETE', () => {
  it('lists newest first with URLs, filters by a part of the name and by device, pages', async () => {
    const c2 = await orgWithCast();
    const l2 = await createOrgLock(c2.org.id);
    const g2 = await createGate(c2.org.id);
    for (const d of [l2, g2]) await grantUser(d.id, c2.owner.id, AccessLevel.owner);
    const mk = (name: string, deviceIds: number[]) =>
      api('POST', `/api/v37/organization/${c2.org.id}/accesslink`, { key: c2.owner.key, body: { name, deviceIds } });
    await mk('Cleaning crew', [l2.id]);
    await mk('Plumber', [g2.id]);
    await mk('Cleaning extra', [g2.id, l2.id]);
    const url = `/api/v37/organization/${c2.org.id}/accesslink`;
    // the owner made them without an end: the owner alone reads their URLs; an administrator sees the rest
    const asAdmin = await api('GET', url, { key: c2.admin.key });
    expect(asAdmin.json.result.items.map((l: any) => l.accessLinkUrl)).toEqual([null, null, null]);
    const all = await api('GET', url, { key: c2.owner.key });
    expect(all.status).toBe(200);
    expect(all.json.result.page).toBe(1);
    expect(all.json.result.itemsPerPage).toBe(100);
    expect(all.json.result.items.map((l: any) => l.name)).toEqual(['Cleaning extra', 'Plumber', 'Cleaning crew']);
    expect(all.json.result.items[0].accessLinkUrl).toMatch(/\/link\//);
    const byName = await api('GET', `${url}?filters.name=clean`, { key: c2.admin.key });
    expect(byName.json.result.items.map((l: any) => l.name)).toEqual(['Cleaning extra', 'Cleaning crew']);
    const byDevice = await api('GET', `${url}?filters.deviceId=${g2.id}`, { key: c2.admin.key });
    expect(byDevice.json.result.items.map((l: any) => l.name)).toEqual(['Cleaning extra', 'Plumber']);
    const p2 = await api('GET', `${url}?page=2&itemsPerPage=2`, { key: c2.admin.key });
    expect(p2.json.result.items.map((l: any) => l.name)).toEqual(['Cleaning crew']);
    expect((await api('GET', `${url}?itemsPerPage=101`, { key: c2.admin.key })).status).toBe(400);
    expect((await api('GET', url, { key: c2.member.key })).status).toBe(404);
  });

  it('a link whose token can no longer be decrypted (APP_SECRET changed) lists with a null URL; the others keep theirs', async () => {
    const broken = await make({ name: 'Made under an old secret' });
    const fine = await make({ name: 'Made under the current secret' });
    await (await db())
      .update(accessLinks)
      .set({ tokenCiphertext: 'v1.AAAA.BBBB.CCCC' })
      .where(eq(accessLinks.id, broken.id));
    const all = await api('GET', base(), { key: c.admin.key });
    expect(all.status).toBe(200);
    const byId = new Map(all.json.result.items.map((l: any) => [l.accessLink?.id ?? l.id, l.accessLinkUrl]));
    expect(byId.get(broken.id)).toBeNull();
    expect(byId.get(fine.id)).toBe(fine.url);
    expect((await api('GET', `${base()}/${broken.id}`, { key: c.admin.key })).json.result.accessLinkUrl).toBeNull();
  });

  it('DELETE answers 204; the link is gone; member/outsider 404', async () => {
    const { id } = await make();
    expect((await api('DELETE', `${base()}/${id}`, { key: c.member.key })).status).toBe(404);
    expect((await api('DELETE', `${base()}/${id}`, { key: c.outsider.key })).status).toBe(404);
    const res = await api('DELETE', `${base()}/${id}`, { key: c.admin.key });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await api('GET', `${base()}/${id}`, { key: c.admin.key })).status).toBe(404);
    expect((await api('DELETE', `${base()}/${id}`, { key: c.admin.key })).status).toBe(404);
  });
});

describe('GET accesslink/device/assignable (endpoint 11)', () => {
  it('locks and gates of this organization that the caller may put on a link now, without updateAvailable, with their site, paged, filtered', async () => {
    const c3 = await orgWithCast();
    const site = await createSite(c3.org.id, { name: 'Residence' });
    const bridge = await createBridge({ organizationId: c3.org.id });
    const l = await createLock({ bridge, organizationId: c3.org.id, name: 'Back door', siteId: site.id });
    const go = await createLock({ organizationId: c3.org.id, name: 'Cellar GO', type: 4 });
    const g = await createGate(c3.org.id, { name: 'Alley gate', timeZone: 'Europe/Paris' });
    for (const d of [l, go, g]) await grantUser(d.id, c3.admin.id, AccessLevel.administrator);
    const foreign = await createGate(c3.other.id, { name: 'Foreign gate' });
    await grantUser(foreign.id, c3.admin.id, AccessLevel.administrator);
    // devices of the organization the administrator may not put on a link now are not offered
    await createGate(c3.org.id, { name: 'Another gate' });
    await grantUser((await createGate(c3.org.id, { name: 'Guest gate' })).id, c3.admin.id, AccessLevel.guest);
    const noRemote = await createLock({ bridge, organizationId: c3.org.id, name: 'Door without remote' });
    await grantUser(noRemote.id, c3.admin.id, AccessLevel.administrator, { remoteAccessDisabled: true });
    const url = `/api/v37/organization/${c3.org.id}/accesslink/device/assignable`;
    const res = await api('GET', url, { key: c3.admin.key });
    expect(res.status).toBe(200);
    expect(res.json.result.page).toBe(1);
    expect(res.json.result.itemsPerPage).toBe(100);
    expect(res.json.result.accessLinkDevices).toEqual([
      {
        deviceId: g.id,
        name: 'Alley gate',
        type: 5,
        timeZone: 'Europe/Paris',
        softwareVersions: [{ softwareType: 0, version: '3.1.0' }],
        siteId: null,
      },
      {
        deviceId: l.id,
        name: 'Back door',
        type: 2,
        timeZone: 'Europe/Warsaw',
        softwareVersions: [{ softwareType: 0, version: '1.9.0' }],
        siteId: site.id,
      },
      {
        deviceId: go.id,
        name: 'Cellar GO',
        type: 4,
        timeZone: 'Europe/Warsaw',
        softwareVersions: [{ softwareType: 0, version: '1.9.0' }],
        siteId: null,
      },
    ]);
    const byName = await api('GET', `${url}?Filters.DeviceName=DOOR`, { key: c3.admin.key });
    expect(byName.json.result.accessLinkDevices.map((d: any) => d.deviceId)).toEqual([l.id]);
    const byId = await api('GET', `${url}?filters.DeviceId=${go.id}`, { key: c3.admin.key });
    expect(byId.json.result.accessLinkDevices.map((d: any) => d.deviceId)).toEqual([go.id]);
    const p = await api('GET', `${url}?page=2&itemsPerPage=2`, { key: c3.admin.key });
    expect(p.json.result).toMatchObject({ page: 2, itemsPerPage: 2 });
    expect(p.json.result.accessLinkDevices.map((d: any) => d.deviceId)).toEqual([go.id]);
    for (const q of ['itemsPerPage=101', 'itemsPerPage=0', 'page=0', 'filters.DeviceId=abc']) {
      expect((await api('GET', `${url}?${q}`, { key: c3.admin.key })).status, q).toBe(400);
    }
    expect((await api('GET', url, { key: c3.member.key })).status).toBe(404);
    expect((await api('GET', url, { key: c3.outsider.key })).status).toBe(404);
    expect((await api('GET', url, { key: await c3.admin.keyWith(['AccessLink.Read']) })).status).toBe(200);
    expect((await api('GET', url, { key: await c3.admin.keyWith(['Organization.ReadWrite']) })).status).toBe(403);
  });

  it('offers what the policy lets the caller link now, whichever access gives it: an owner without remote opening, a group, not a day outside their week, another site, or their own guest access over a group', async () => {
    const c4 = await orgWithCast();
    const [home, away] = [await createSite(c4.org.id, { name: 'Home' }), await createSite(c4.org.id, { name: 'Away' })];
    const bridge = await createBridge({ organizationId: c4.org.id });
    const door = async (name: string, siteId = home.id) =>
      createLock({ bridge, organizationId: c4.org.id, name, siteId });
    const [ownerNoRemote, byGroup, noDay, otherSite, ownGuest, plain] = [
      await door('A owner without remote'),
      await door('B by group'),
      await door('C no day of the week'),
      await door('D other site', away.id),
      await door('E own guest access'),
      await door('F plain'),
    ];
    const group = await createGroup(c4.org.id, 'Caretakers', [c4.ouIds.admin]);
    await grantUser(ownerNoRemote.id, c4.admin.id, AccessLevel.owner, { remoteAccessDisabled: true });
    await grantGroup(byGroup.id, group.id, AccessLevel.administrator);
    await grantUser(noDay.id, c4.admin.id, AccessLevel.administrator, { weekDays: 0 });
    await grantUser(otherSite.id, c4.admin.id, AccessLevel.administrator);
    await grantUser(ownGuest.id, c4.admin.id, AccessLevel.guest);
    await grantGroup(ownGuest.id, group.id, AccessLevel.administrator);
    await grantUser(plain.id, c4.admin.id, AccessLevel.administrator);
    // the administrator's administration reaches the Home site only
    await (await db())
      .update(organizationUsers)
      .set({ siteIds: [home.id] })
      .where(eq(organizationUsers.id, c4.ouIds.admin));
    const res = await api('GET', `/api/v37/organization/${c4.org.id}/accesslink/device/assignable`, {
      key: c4.admin.key,
    });
    expect(res.status).toBe(200);
    expect(res.json.result.accessLinkDevices.map((d: { name: string }) => d.name)).toEqual([
      'A owner without remote',
      'B by group',
      'F plain',
    ]);
  });
});
