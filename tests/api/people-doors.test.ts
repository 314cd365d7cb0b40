import { describe, expect, it } from 'vitest';
import { AccessLevel } from '@/db/schema';
import { grantUser } from '../support/factories/core';
import { createOrgLock, orgWithCast } from '../support/factories/organization';
import { createSite } from '../support/factories/sites';
import { BAD_PAGED_SITE_QUERIES } from '../support/bad-queries';
import { api } from '../support/router';

/**
 * Issue 34: the doors a caller may give, searched and paged (GET /organization/{id}/people/doors),
 * instead of every one of them in each person's page: an organization of 10,000 doors put them all
 * in the person page's answer and drew a checkbox for each in the give-access dialog.
 */
const doorsOf = (orgId: number, q = '') => `/api/v37/organization/${orgId}/people/doors${q}`;

interface Door {
  deviceId: number;
  name: string;
  siteId: number | null;
}

/** An organization with two doors in the office and one in no site, the owner's; a member administers one office door. */
async function office() {
  const c = await orgWithCast();
  const site = await createSite(c.org.id, { name: 'Office' });
  const front = await createOrgLock(c.org.id, { name: 'Front door', siteId: site.id });
  const back = await createOrgLock(c.org.id, { name: 'Back door', siteId: site.id });
  const shed = await createOrgLock(c.org.id, { name: 'Shed' });
  for (const lock of [front, back, shed]) await grantUser(lock.id, c.owner.id, AccessLevel.owner);
  await grantUser(back.id, c.member.id, AccessLevel.administrator);
  return { ...c, site, front, back, shed };
}

async function get(key: string, url: string) {
  const res = await api('GET', url, { key });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.result as { doors: Door[]; total: number };
}

describe('GET /organization/{id}/people/doors', () => {
  it('lists the doors the owner may give by name, a page at a time, searched in any case, by site', async () => {
    const c = await office();
    const all = await get(c.owner.key, doorsOf(c.org.id));
    expect(all.doors.map((d) => d.name)).toEqual(['Back door', 'Front door', 'Shed']);
    expect(all.total).toBe(3);
    expect(Object.keys(all.doors[0]).sort()).toEqual(['deviceId', 'deviceType', 'name', 'siteId', 'timeZone']);
    // the pages together are the list, in its order; past the end none, the total still said
    const pages: Door[] = [];
    for (let page = 1; page <= 3; page++) {
      const p = await get(c.owner.key, doorsOf(c.org.id, `?page=${page}&itemsPerPage=1`));
      expect(p.total).toBe(3);
      pages.push(...p.doors);
    }
    expect(pages).toEqual(all.doors);
    expect(await get(c.owner.key, doorsOf(c.org.id, '?page=4&itemsPerPage=1'))).toEqual({ doors: [], total: 3 });
    const found = await get(c.owner.key, doorsOf(c.org.id, '?filters.text=DOOR'));
    expect(found.doors.map((d) => d.name)).toEqual(['Back door', 'Front door']);
    expect(found.total).toBe(2);
    expect((await get(c.owner.key, doorsOf(c.org.id, `?siteId=${c.site.id}&filters.text=front`))).doors).toEqual([
      expect.objectContaining({ deviceId: c.front.id, siteId: c.site.id }),
    ]);
    expect((await get(c.owner.key, doorsOf(c.org.id, '?siteId=0'))).doors.map((d) => d.name)).toEqual(['Shed']);
    expect(await get(c.owner.key, doorsOf(c.org.id, '?filters.text=nothing-like-it'))).toEqual({ doors: [], total: 0 });
  });

  it('gives a member only the doors they may share now: no other door turns up, by search or by site', async () => {
    const c = await office();
    const mine = await get(c.member.key, doorsOf(c.org.id));
    expect(mine).toEqual({ doors: [expect.objectContaining({ deviceId: c.back.id })], total: 1 });
    expect(await get(c.member.key, doorsOf(c.org.id, '?filters.text=front'))).toEqual({ doors: [], total: 0 });
    expect(await get(c.member.key, doorsOf(c.org.id, '?siteId=0'))).toEqual({ doors: [], total: 0 });
    // a guest's access gives nothing to give
    await grantUser(c.front.id, c.admin.id, AccessLevel.guest);
    const people = await api('GET', `/api/v37/organization/${c.org.id}/people?page=1`, { key: c.admin.key });
    const asAdmin = await get(c.admin.key, doorsOf(c.org.id));
    // the same count the People page shows for whoever asks
    expect(asAdmin.total).toBe(people.json.result.manageableDoorCount);
    expect(asAdmin.doors.map((d) => d.deviceId)).not.toContain(c.front.id);
  });

  it('answers 404 to someone outside the organization and 400 to bad input', async () => {
    const c = await office();
    expect((await api('GET', doorsOf(c.org.id), { key: c.outsider.key })).status).toBe(404);
    expect((await api('GET', doorsOf(c.other.id + 1000), { key: c.owner.key })).status).toBe(404);
    for (const q of BAD_PAGED_SITE_QUERIES) {
      expect((await api('GET', doorsOf(c.org.id, q), { key: c.owner.key })).status, q).toBe(400);
    }
  });
});

describe('GET /organization/{id}/people/access counts the doors to give, and lists them unless asked not to', () => {
  it('includeManageableDoors=false leaves the list out; the count stays', async () => {
    const c = await office();
    const url = `/api/v37/organization/${c.org.id}/people/access?userId=${c.member.id}`;
    const full = await api('GET', url, { key: c.owner.key });
    expect(full.status).toBe(200);
    expect(full.json.result.manageableDoorCount).toBe(3);
    expect(full.json.result.manageableDoors.map((d: Door) => d.name)).toEqual(['Back door', 'Front door', 'Shed']);
    const lean = await api('GET', `${url}&includeManageableDoors=false`, { key: c.owner.key });
    expect(lean.status).toBe(200);
    expect(lean.json.result.manageableDoorCount).toBe(3);
    expect(lean.json.result).not.toHaveProperty('manageableDoors');
    expect(lean.json.result.doors).toEqual(full.json.result.doors);
    // the member who administers one door: the count is theirs
    const asMember = await api('GET', `${url}&includeManageableDoors=false`, { key: c.member.key });
    expect(asMember.json.result.manageableDoorCount).toBe(1);
    expect((await api('GET', `${url}&includeManageableDoors=maybe`, { key: c.owner.key })).status).toBe(400);
  });
});
