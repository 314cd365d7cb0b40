import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/router';
import { addOrgUser, createUser } from '../support/factories/core';
import { orgWithCast, type Cast } from '../support/factories/organization';

let c: Cast;
beforeAll(async () => {
  c = await orgWithCast({ timeZone: 'America/New_York' });
});

describe('GET /organization', () => {
  it("lists the caller's organizations with the caller's role", async () => {
    const res = await api('GET', '/api/v37/organization', { key: c.admin.key });
    expect(res.status).toBe(200);
    expect(res.json.result).toEqual([
      { id: c.org.id, name: c.org.name, timeZone: 'America/New_York', role: 1, roleName: 'administrator', organizationUserId: c.ouIds.admin },
    ]);
    const outsider = await api('GET', '/api/v37/organization', { key: c.outsider.key });
    expect(outsider.json.result.map((o: any) => o.id)).toEqual([c.other.id]);
    const nobody = await createUser();
    expect((await api('GET', '/api/v37/organization', { key: nobody.key })).json.result).toEqual([]);
  });

  it('needs an Organization scope', async () => {
    expect((await api('GET', '/api/v37/organization', { key: await c.owner.keyWith(['Device.Read']) })).status).toBe(403);
    expect((await api('GET', '/api/v37/organization')).status).toBe(401);
  });
});

describe('GET /organization/{id}/user', () => {
  it('lists members with roles, filtered by a part of name or e-mail, paged', async () => {
    const url = `/api/v37/organization/${c.org.id}/user`;
    const res = await api('GET', url, { key: c.member.key });
    expect(res.status).toBe(200);
    expect(res.json.result).toHaveLength(3);
    expect(res.json.result).toContainEqual({
      organizationUserId: c.ouIds.owner,
      userId: c.owner.id,
      email: c.owner.email,
      displayName: c.owner.displayName,
      role: 2,
      roleName: 'owner',
      status: 'active',
      invitationId: null,
      invitationExpiresAt: null,
      // a member reads the directory; groups, devices and sign-ins are for administrators
      lastSignInAt: null,
      groups: null,
      deviceCount: null,
    });
    const byMail = await api('GET', `${url}?filters.text=${encodeURIComponent(c.admin.email.slice(0, 10).toUpperCase())}`, { key: c.member.key });
    expect(byMail.json.result.map((u: any) => u.organizationUserId)).toEqual([c.ouIds.admin]);
    const p = await api('GET', `${url}?page=2&itemsPerPage=2`, { key: c.member.key });
    expect(p.json.result).toHaveLength(1);
    expect((await api('GET', `${url}?itemsPerPage=101`, { key: c.member.key })).status).toBe(400);
    expect((await api('GET', `${url}?page=0`, { key: c.member.key })).status).toBe(400);
  });

  it('an outsider gets 404, even for an organization that exists', async () => {
    expect((await api('GET', `/api/v37/organization/${c.org.id}/user`, { key: c.outsider.key })).status).toBe(404);
    expect((await api('GET', `/api/v37/organization/2147483000/user`, { key: c.outsider.key })).status).toBe(404);
  });

  it('a user in two organizations sees each separately', async () => {
    const u = await createUser();
    await addOrgUser(c.org.id, u.id, 0);
    await addOrgUser(c.other.id, u.id, 1);
    const res = await api('GET', '/api/v37/organization', { key: u.key });
    expect(res.json.result.map((o: any) => [o.id, o.role]).sort()).toEqual([[c.org.id, 0], [c.other.id, 1]].sort());
  });
});
