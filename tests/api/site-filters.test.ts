import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AccessLevel, devices } from '@/db/schema';
import { recordActivity } from '@/lib/domain/activity/record';
import { sharingCast } from '../support/factories/access';
import { createLock, createUser, db, grantUser } from '../support/factories/core';
import { createSite } from '../support/factories/sites';
import { api } from '../support/router';

/**
 * Issue 35: the activity log and the audit log of one site (building). The filter is applied in the
 * query, so a page of one site is full however many entries of other sites lie between.
 */
async function twoBuildings() {
  const c = await sharingCast();
  const office = await createSite(c.org.id, { name: 'Office' });
  const home = await createSite(c.org.id, { name: 'Residence' });
  const d = await db();
  await d.update(devices).set({ siteId: office.id }).where(eq(devices.id, c.lock.id));
  const back = await createLock({ bridge: c.bridge, organizationId: c.org.id, name: 'Garage', siteId: home.id });
  await grantUser(back.id, c.owner.id, AccessLevel.owner);
  // the owner's own lock at home, of no organization and so of no site
  const own = await createLock({ name: 'My flat' });
  await grantUser(own.id, c.owner.id, AccessLevel.owner);
  return { ...c, office, home, back, own };
}

describe('GET /my/deviceactivity?siteId', () => {
  it("answers only the site's devices, in full pages, with 0 for devices in no site; the CSV too", async () => {
    const c = await twoBuildings();
    const d = await db();
    const base = Date.parse('2026-03-01T10:00:00.000Z');
    // office, garage, garage, office, garage, office, flat: a minute apart
    const order = [c.lock, c.back, c.back, c.lock, c.back, c.lock, c.own];
    for (const [i, dev] of order.entries()) {
      await recordActivity(d, {
        deviceId: dev.id,
        event: 33,
        source: 1,
        user: { id: c.owner.id, numId: c.owner.numId, name: c.owner.displayName },
        at: new Date(base + i * 60_000),
      });
    }
    const list = async (q: string, key = c.owner.key) => {
      const res = await api('GET', `/api/v37/my/deviceactivity?${q}`, { key });
      expect(res.status, q).toBe(200);
      return (res.json.result as { deviceId: number; date: string }[]).map((r) => r.deviceId);
    };
    expect(await list('')).toEqual([...order].reverse().map((x) => x.id));
    expect(await list(`siteId=${c.office.id}`)).toEqual([c.lock.id, c.lock.id, c.lock.id]);
    expect(await list(`siteId=${c.home.id}`)).toEqual([c.back.id, c.back.id, c.back.id]);
    expect(await list('siteId=0')).toEqual([c.own.id]);
    // pages of two: the second page of the office starts after the garage's entries in between
    const first = await api('GET', `/api/v37/my/deviceactivity?siteId=${c.office.id}&elements=2`, {
      key: c.owner.key,
    });
    expect(first.json.result.map((r: any) => r.deviceId)).toEqual([c.lock.id, c.lock.id]);
    const last = first.json.result[1];
    expect(await list(`siteId=${c.office.id}&elements=2&lastElemDate=${last.date}Z&lastElemId=${last.id}`)).toEqual([
      c.lock.id,
    ]);
    // with one device, the site narrows it further (a device of another site: nothing)
    expect(await list(`deviceId=${c.lock.id}&siteId=${c.office.id}`)).toEqual([c.lock.id, c.lock.id, c.lock.id]);
    expect(await list(`deviceId=${c.lock.id}&siteId=${c.home.id}`)).toEqual([]);
    // a guest of the office door sees nothing of the residence, and no more of the office than before
    expect(await list(`siteId=${c.home.id}`, c.guest.key)).toEqual([]);
    expect(await list(`siteId=${c.office.id}`, c.guest.key)).toEqual(await list('', c.guest.key));
    for (const bad of ['siteId=-1', 'siteId=abc', 'siteId=1.5']) {
      expect((await api('GET', `/api/v37/my/deviceactivity?${bad}`, { key: c.owner.key })).status, bad).toBe(400);
    }
    const csv = await api('GET', `/api/v37/my/deviceactivity/export?siteId=${c.home.id}`, { key: c.owner.key });
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => l.includes(',Garage,'))).toBe(true);
  });
});

describe('GET /organization/{id}/audit?siteId', () => {
  it('answers the entries about devices of the site and about the site itself; the CSV the same', async () => {
    const c = await twoBuildings();
    const k = { key: c.owner.key };
    const share = async (deviceId: number) => {
      const who = await createUser();
      const res = await api('POST', `/api/v37/my/device/${deviceId}/access`, {
        ...k,
        body: { principalType: 0, userEmail: who.email, accessLevel: 0, remoteAccessDisabled: false },
      });
      expect(res.status).toBeLessThan(300);
    };
    // a door of the organization in no site (a bridge added while it had two sites)
    const loose = await createLock({ bridge: c.bridge, organizationId: c.org.id, name: 'Shed' });
    await grantUser(loose.id, c.owner.id, AccessLevel.owner);
    await share(c.lock.id);
    await share(c.back.id);
    await share(loose.id);
    const sites = `/api/v37/organization/${c.org.id}/sites`;
    expect((await api('PATCH', `${sites}/${c.office.id}`, { ...k, body: { name: 'Head office' } })).status).toBe(204);
    expect((await api('PATCH', `${sites}/${c.home.id}`, { ...k, body: { name: 'Home' } })).status).toBe(204);
    const audit = `/api/v37/organization/${c.org.id}/audit`;
    const of = async (q: string) => {
      const res = await api('GET', `${audit}?${q}`, k);
      expect(res.status, q).toBe(200);
      return (res.json.result as any[]).map((i) => [i.action, i.deviceId ?? `site ${i.target.id}`]);
    };
    expect(await of(`siteId=${c.office.id}`)).toEqual([
      ['site.update', `site ${c.office.id}`],
      ['access.grant', c.lock.id],
    ]);
    expect(await of(`siteId=${c.home.id}`)).toEqual([
      ['site.update', `site ${c.home.id}`],
      ['access.grant', c.back.id],
    ]);
    // with the other filters, and in pages
    expect(await of(`siteId=${c.home.id}&action=access.grant`)).toEqual([['access.grant', c.back.id]]);
    expect(await of(`siteId=${c.home.id}&elements=1`)).toEqual([['site.update', `site ${c.home.id}`]]);
    // 0: the entries about devices in no site, nothing about sites or the organization itself
    expect(await of('siteId=0')).toEqual([['access.grant', loose.id]]);
    for (const bad of ['siteId=-1', 'siteId=abc'])
      expect((await api('GET', `${audit}?${bad}`, k)).status, bad).toBe(400);
    const csv = await api('GET', `${audit}/export?siteId=${c.home.id}`, k);
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',Garage,');
  });
});

describe('GET /organization/{id}/people: the sites of the doors each person opens', () => {
  it('says per person which sites their doors are in (0: doors in no site), and per door its site', async () => {
    const c = await twoBuildings();
    const k = { key: c.owner.key };
    const loose = await createLock({ bridge: c.bridge, organizationId: c.org.id, name: 'Shed' });
    await grantUser(loose.id, c.owner.id, AccessLevel.owner);
    const give = async (email: string, deviceId: number) => {
      const res = await api('POST', `/api/v37/my/device/${deviceId}/access`, {
        ...k,
        body: { principalType: 0, userEmail: email, accessLevel: 0, remoteAccessDisabled: false },
      });
      expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
    };
    const both = await createUser();
    const shed = await createUser();
    await give(both.email, c.lock.id);
    await give(both.email, c.back.id);
    await give(shed.email, loose.id);
    // an address with no account yet: the invitation's door counts too
    await give('not-yet@example.com', c.back.id);
    const res = await api('GET', `/api/v37/organization/${c.org.id}/people`, k);
    expect(res.status).toBe(200);
    const { people, manageableDoors } = res.json.result as {
      people: { email: string; siteIds: number[] }[];
      manageableDoors: { deviceId: number; siteId: number | null }[];
    };
    const sitesOf = (email: string) => people.find((p) => p.email === email)?.siteIds;
    expect(sitesOf(both.email)).toEqual([c.office.id, c.home.id].sort((a, b) => a - b));
    expect(sitesOf(shed.email)).toEqual([0]);
    expect(sitesOf('not-yet@example.com')).toEqual([c.home.id]);
    expect(sitesOf(c.owner.email)).toEqual([0, c.office.id, c.home.id].sort((a, b) => a - b));
    expect(manageableDoors.find((d) => d.deviceId === c.back.id)?.siteId).toBe(c.home.id);
    expect(manageableDoors.find((d) => d.deviceId === loose.id)?.siteId).toBeNull();
    // the person's page says the same
    const one = await api('GET', `/api/v37/organization/${c.org.id}/people/access?userEmail=${both.email}`, k);
    expect(one.status).toBe(200);
    expect(one.json.result.person.siteIds).toEqual([c.office.id, c.home.id].sort((a, b) => a - b));
  });
});

describe('GET /my/attention?siteId (Home of one building)', () => {
  it("counts and lists only the site's devices; 0 for devices in no site; every device without it", async () => {
    const c = await twoBuildings();
    const get = async (q: string) => (await api('GET', `/api/v37/my/attention${q}`, { key: c.owner.key })).json.result;
    const all = await get('');
    const office = await get(`?siteId=${c.office.id}`);
    const home = await get(`?siteId=${c.home.id}`);
    const none = await get('?siteId=0');
    expect(office.counts.locks).toBe(1);
    expect(home.counts.locks).toBe(1);
    expect(none.counts.locks).toBe(1); // the owner's flat, of no organization
    expect(all.counts.locks).toBe(office.counts.locks + home.counts.locks + none.counts.locks);
    const ids = (a: { cannotOpen: Array<{ deviceId: number }>; notices: Array<{ deviceId: number }> }) =>
      new Set([...a.cannotOpen, ...a.notices].map((x) => x.deviceId));
    expect([...ids(home)].every((id) => id === c.back.id || id === c.bridge.id)).toBe(true);
    expect(ids(office).has(c.back.id)).toBe(false);
    expect((await api('GET', '/api/v37/my/attention?siteId=-1', { key: c.owner.key })).status).toBe(400);
  });
});
