import { describe, expect, it } from 'vitest';
import { AccessLevel } from '@/db/schema';
import { addOrgUser, createUser, grantUser } from '../support/factories/core';
import { createOrgLock, orgWithCast } from '../support/factories/organization';
import { createSite } from '../support/factories/sites';
import { BAD_PAGED_SITE_QUERIES } from '../support/bad-queries';
import { api } from '../support/router';

/**
 * Issue 34: GET /organization/{id}/people a page at a time. An organization of 2,000 people and
 * 10,000 doors answered 1.5 MB for the 50 rows its page draws; with a page, a search or a site
 * asked for, the server filters and pages, and counts the doors the caller may give instead of
 * listing them.
 */
const people = (orgId: number, q = '') => `/api/v37/organization/${orgId}/people${q}`;

interface Person {
  email: string;
  displayName: string;
  role: number | null;
  siteIds: number[];
}

/** An organization with a door in the office, one in no site, members named for the order, a guest and an invited address. */
async function office() {
  const c = await orgWithCast();
  const site = await createSite(c.org.id, { name: 'Office' });
  const front = await createOrgLock(c.org.id, { name: 'Front', siteId: site.id });
  const shed = await createOrgLock(c.org.id, { name: 'Shed' });
  for (const lock of [front, shed]) await grantUser(lock.id, c.owner.id, AccessLevel.owner);
  const named = [];
  for (const name of ['Anna Zielinska', 'Bartek Nowak', 'Celina Nowak']) {
    const u = await createUser({ displayName: name });
    await addOrgUser(c.org.id, u.id, 0);
    named.push(u);
  }
  // Bartek opens the front door, an outside guest the shed, an address without an account the front
  await grantUser(front.id, named[1].id, AccessLevel.guest);
  const guest = await createUser({ displayName: 'Guest Outside' });
  await grantUser(shed.id, guest.id, AccessLevel.guest);
  const give = await api('POST', `/api/v37/my/device/${front.id}/access`, {
    key: c.owner.key,
    body: { principalType: 0, userEmail: 'waiting@example.com', accessLevel: 0, remoteAccessDisabled: false },
  });
  expect(give.status, JSON.stringify(give.json)).toBeLessThan(300);
  return { ...c, site, front, shed, named, guest };
}

describe('GET /organization/{id}/people, a page at a time', () => {
  it('pages in the list’s order (members by name, then guests, then invitations) with the total, the doors counted, not listed', async () => {
    const c = await office();
    const whole = await api('GET', people(c.org.id), { key: c.owner.key });
    expect(whole.status).toBe(200);
    const all = whole.json.result.people as Person[];
    // the unpaged answer is as before, with the counts beside it
    expect(whole.json.result.total).toBe(all.length);
    expect(whole.json.result.manageableDoors.map((d: { name: string }) => d.name)).toEqual(['Front', 'Shed']);
    expect(whole.json.result.manageableDoorCount).toBe(2);
    expect(whole.json.result.manageableDoorsWithoutSite).toBe(true);

    const pages: Person[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await api('GET', people(c.org.id, `?page=${page}&itemsPerPage=3`), { key: c.owner.key });
      expect(res.status).toBe(200);
      expect(Object.keys(res.json.result).sort()).toEqual([
        'manageableDoorCount',
        'manageableDoorsWithoutSite',
        'people',
        'total',
      ]);
      expect(res.json.result.total).toBe(all.length);
      expect(res.json.result.manageableDoorCount).toBe(2);
      expect(res.json.result.manageableDoorsWithoutSite).toBe(true);
      expect(res.json.result.people.length).toBeLessThanOrEqual(3);
      pages.push(...res.json.result.people);
    }
    // the pages together are the whole list, in its order; past the end: none, the total still said
    expect(pages).toEqual(all);
    expect(all.map((p) => p.email).slice(-2)).toEqual([c.guest.email, 'waiting@example.com']);
    const past = await api('GET', people(c.org.id, '?page=9&itemsPerPage=3'), { key: c.owner.key });
    expect(past.json.result).toMatchObject({ people: [], total: all.length });
  });

  it('searches a part of a name or an address in any case, and keeps one site’s people (0: doors in no site)', async () => {
    const c = await office();
    const get = async (q: string) => {
      const res = await api('GET', people(c.org.id, q), { key: c.owner.key });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.result as { people: Person[]; total: number };
    };
    const nowak = await get('?filters.text=nOWAK');
    expect(nowak.people.map((p) => p.displayName)).toEqual(['Bartek Nowak', 'Celina Nowak']);
    expect(nowak.total).toBe(2);
    expect((await get('?filters.text=WAITING@example')).people.map((p) => p.email)).toEqual(['waiting@example.com']);
    expect((await get(`?filters.text=${encodeURIComponent(c.named[0].email.slice(0, 12))}`)).total).toBe(1);
    // the office: its door's owner, Bartek and the invited address; no site: the owner and the guest
    const inOffice = await get(`?siteId=${c.site.id}`);
    expect(inOffice.people.map((p) => p.email).sort()).toEqual(
      [c.owner.email, c.named[1].email, 'waiting@example.com'].sort(),
    );
    const noSite = await get('?siteId=0');
    expect(noSite.people.map((p) => p.email).sort()).toEqual([c.owner.email, c.guest.email].sort());
    // both filters at once, and a page of them
    expect((await get(`?siteId=${c.site.id}&filters.text=nowak`)).people.map((p) => p.displayName)).toEqual([
      'Bartek Nowak',
    ]);
    const second = await get(`?siteId=${c.site.id}&page=2&itemsPerPage=2`);
    expect(second.total).toBe(3);
    expect(second.people).toHaveLength(1);
    expect((await get('?filters.text=nobody-like-this')).people).toEqual([]);
  });

  it('a member pages through the directory only, with no door to give; an outsider gets 404; bad input 400', async () => {
    const c = await office();
    const asMember = await api('GET', people(c.org.id, '?itemsPerPage=100'), { key: c.member.key });
    expect(asMember.status).toBe(200);
    const seen = (asMember.json.result.people as Person[]).map((p) => p.email);
    // members only: the guest outside and the invited address open doors the member does not manage
    expect(seen).not.toContain(c.guest.email);
    expect(seen).not.toContain('waiting@example.com');
    expect(seen).toContain(c.named[2].email);
    expect(asMember.json.result).toMatchObject({ manageableDoorCount: 0, manageableDoorsWithoutSite: false });
    expect(asMember.json.result.total).toBe(seen.length);
    // the guest's doors cannot be found by searching for them either
    expect(
      (await api('GET', people(c.org.id, '?filters.text=Guest%20Outside'), { key: c.member.key })).json.result,
    ).toMatchObject({ people: [], total: 0 });
    expect((await api('GET', people(c.org.id, '?page=1'), { key: c.outsider.key })).status).toBe(404);
    for (const q of BAD_PAGED_SITE_QUERIES) {
      const res = await api('GET', people(c.org.id, q), { key: c.owner.key });
      expect(res.status, q).toBe(400);
    }
  });
});
