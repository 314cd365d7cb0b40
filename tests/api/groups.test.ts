import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deviceAccess, userGroupMembers } from '@/db/schema';
import { effectiveAccess } from '@/lib/domain/access/effective';
import { api } from '../support/router';
import { addOrgUser, createGroup, createLock, createUser, db, grantGroup, grantUser } from '../support/factories/core';
import { orgWithCast, type Cast } from '../support/factories/organization';

let c: Cast;
const base = () => `/api/v37/organization/${c.org.id}/user-groups`;
beforeAll(async () => {
  c = await orgWithCast();
});

describe('GET user-groups/{groupId} (endpoint 7)', () => {
  it('members are null unless asked for, then listed with displayName, email, organizationUserId', async () => {
    const g = await createGroup(c.org.id, 'Night shift', [c.ouIds.member]);
    const plain = await api('GET', `${base()}/${g.id}`, { key: c.member.key });
    expect(plain.status).toBe(200);
    expect(plain.json.result).toEqual({ id: g.id, name: 'Night shift', members: null });
    const full = await api('GET', `${base()}/${g.id}?IncludeMembers=true`, { key: c.member.key });
    expect(full.json.result.members).toEqual([
      { displayName: c.member.displayName, email: c.member.email, organizationUserId: c.ouIds.member },
    ]);
    const no = await api('GET', `${base()}/${g.id}?includeMembers=false`, { key: c.member.key });
    expect(no.json.result.members).toBeNull();
  });

  it('404 for an unknown group, a group of another organization, and for an outsider', async () => {
    const foreign = await createGroup(c.other.id);
    expect((await api('GET', `${base()}/00000000-0000-4000-8000-000000000000`, { key: c.owner.key })).status).toBe(404);
    expect((await api('GET', `${base()}/${foreign.id}`, { key: c.owner.key })).status).toBe(404);
    const g = await createGroup(c.org.id);
    expect((await api('GET', `${base()}/${g.id}`, { key: c.outsider.key })).status).toBe(404);
  });

  it('needs an Organization scope (403) and credentials (401)', async () => {
    const g = await createGroup(c.org.id);
    const key = await c.owner.keyWith(['Device.Read']);
    expect((await api('GET', `${base()}/${g.id}`, { key })).status).toBe(403);
    expect((await api('GET', `${base()}/${g.id}`, { key: await c.owner.keyWith(['Organization.Read']) })).status).toBe(
      200,
    );
    expect((await api('GET', `${base()}/${g.id}`)).status).toBe(401);
  });
});

describe('GET user-groups (endpoint 8)', () => {
  it('lists {id, name} by name, filters by a case-insensitive part, pages', async () => {
    const c2 = await orgWithCast();
    for (const n of ['Alpha', 'beta team', 'Gamma', 'Beta 2']) await createGroup(c2.org.id, n);
    const all = await api('GET', `/api/v37/organization/${c2.org.id}/user-groups`, { key: c2.member.key });
    expect(all.status).toBe(200);
    expect(all.json.result.map((g: any) => g.name)).toEqual(['Alpha', 'Beta 2', 'beta team', 'Gamma']);
    expect(Object.keys(all.json.result[0]).sort()).toEqual(['id', 'name']);
    const f = await api('GET', `/api/v37/organization/${c2.org.id}/user-groups?Filters.Text=BETA`, {
      key: c2.member.key,
    });
    expect(f.json.result.map((g: any) => g.name)).toEqual(['Beta 2', 'beta team']);
    const p2 = await api('GET', `/api/v37/organization/${c2.org.id}/user-groups?page=2&itemsPerPage=3`, {
      key: c2.member.key,
    });
    expect(p2.json.result.map((g: any) => g.name)).toEqual(['Gamma']);
    const pct = await api('GET', `/api/v37/organization/${c2.org.id}/user-groups?filters.text=%25`, {
      key: c2.member.key,
    });
    expect(pct.json.result).toEqual([]);
  });

  it.each(['page=0', 'itemsPerPage=0', 'itemsPerPage=101', 'page=abc'])('refuses %s with 400', async (q) => {
    const res = await api('GET', `${base()}?${q}`, { key: c.owner.key });
    expect(res.status).toBe(400);
    expect(res.json.errorMessages.length).toBeGreaterThan(0);
  });

  it('accepts the bounds itemsPerPage=1 and 100', async () => {
    expect((await api('GET', `${base()}?itemsPerPage=1`, { key: c.owner.key })).status).toBe(200);
    expect((await api('GET', `${base()}?itemsPerPage=100&page=1`, { key: c.owner.key })).status).toBe(200);
  });

  it('an outsider gets 404', async () => {
    expect((await api('GET', base(), { key: c.outsider.key })).status).toBe(404);
  });
});

describe('create, rename, delete a group', () => {
  it('admin and owner create (200 with the id, as Tedee) and rename (PATCH 204, or PUT 200); a member gets 403, an outsider 404', async () => {
    const made = await api('POST', base(), { key: c.admin.key, body: { name: '  Cleaners  ' } });
    expect(made.status).toBe(200);
    expect(made.json.result).toEqual({ id: expect.any(String), name: 'Cleaners' });
    const id = made.json.result.id;
    expect((await api('POST', base(), { key: c.member.key, body: { name: 'X' } })).status).toBe(403);
    expect((await api('POST', base(), { key: c.outsider.key, body: { name: 'X' } })).status).toBe(404);
    const patched = await api('PATCH', `${base()}/${id}`, { key: c.admin.key, body: { name: 'Cleaning team' } });
    expect(patched.status).toBe(204);
    expect(patched.text).toBe('');
    expect((await api('GET', `${base()}/${id}`, { key: c.member.key })).json.result.name).toBe('Cleaning team');
    const renamed = await api('PUT', `${base()}/${id}`, { key: c.owner.key, body: { name: 'Cleaning crew' } });
    expect(renamed.status).toBe(200);
    expect(renamed.json.result.name).toBe('Cleaning crew');
    expect((await api('PUT', `${base()}/${id}`, { key: c.member.key, body: { name: 'Y' } })).status).toBe(403);
    expect((await api('PATCH', `${base()}/${id}`, { key: c.member.key, body: { name: 'Y' } })).status).toBe(403);
  });

  it('GET .../members pages the members with {items, totalCount}, filtered by name or e-mail (Tedee’s get-members)', async () => {
    const g = await createGroup(c.org.id, undefined, [c.ouIds.admin, c.ouIds.member, c.ouIds.owner]);
    const url = `${base()}/${g.id}/members`;
    const all = await api('GET', url, { key: c.member.key });
    expect(all.status).toBe(200);
    expect(all.json.result.totalCount).toBe(3);
    expect(all.json.result.items).toHaveLength(3);
    expect(Object.keys(all.json.result.items[0]).sort()).toEqual(['displayName', 'email', 'organizationUserId']);
    const page2 = await api('GET', `${url}?page=2&itemsPerPage=2`, { key: c.member.key });
    expect(page2.json.result).toMatchObject({ totalCount: 3 });
    expect(page2.json.result.items).toHaveLength(1);
    const one = await api('GET', `${url}?filters.text=${encodeURIComponent(c.admin.email.toUpperCase())}`, {
      key: c.member.key,
    });
    expect(one.json.result).toEqual({
      items: [{ displayName: c.admin.displayName, email: c.admin.email, organizationUserId: c.ouIds.admin }],
      totalCount: 1,
    });
    expect((await api('GET', url, { key: c.outsider.key })).status).toBe(404);
  });

  it('refuses an empty or duplicate name (any case) and a name over 100 characters', async () => {
    await createGroup(c.org.id, 'Duplicates');
    expect((await api('POST', base(), { key: c.owner.key, body: { name: '   ' } })).status).toBe(400);
    expect((await api('POST', base(), { key: c.owner.key, body: {} })).status).toBe(400);
    expect((await api('POST', base(), { key: c.owner.key, body: { name: 'x'.repeat(101) } })).status).toBe(400);
    const dup = await api('POST', base(), { key: c.owner.key, body: { name: 'DUPLICATES' } });
    expect(dup.status).toBe(409);
    expect(dup.json.errorMessages).toEqual(['name: A group named "DUPLICATES" already exists in this organization.']);
  });

  it('delete answers 204 and removes the accesses granted through the group, not direct ones', async () => {
    const lock = await createLock({ organizationId: c.org.id });
    const g = await createGroup(c.org.id, undefined, [c.ouIds.member]);
    await grantGroup(lock.id, g.id);
    const direct = await grantUser(lock.id, c.admin.id);
    const d = await db();
    expect((await effectiveAccess(d, c.member.id, new Date(), [lock.id])).has(lock.id)).toBe(true);
    expect((await api('DELETE', `${base()}/${g.id}`, { key: c.member.key })).status).toBe(403);
    const del = await api('DELETE', `${base()}/${g.id}`, { key: c.admin.key });
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect(await d.select().from(deviceAccess).where(eq(deviceAccess.groupId, g.id))).toEqual([]);
    expect(await d.select().from(userGroupMembers).where(eq(userGroupMembers.groupId, g.id))).toEqual([]);
    expect((await effectiveAccess(d, c.member.id, new Date(), [lock.id])).has(lock.id)).toBe(false);
    expect(await d.select().from(deviceAccess).where(eq(deviceAccess.id, direct.id))).toHaveLength(1);
    expect((await api('DELETE', `${base()}/${g.id}`, { key: c.admin.key })).status).toBe(404);
  });

  it('needs Organization.ReadWrite to write', async () => {
    const key = await c.owner.keyWith(['Organization.Read']);
    expect((await api('POST', base(), { key, body: { name: 'Read only' } })).status).toBe(403);
  });

  it('a new user joining the organization is not in any group', async () => {
    const u = await createUser();
    const ou = await addOrgUser(c.org.id, u.id);
    const g = await createGroup(c.org.id);
    const res = await api('GET', `${base()}/${g.id}?includeMembers=true`, { key: c.owner.key });
    expect(res.json.result.members.map((m: any) => m.organizationUserId)).not.toContain(ou);
  });
});
