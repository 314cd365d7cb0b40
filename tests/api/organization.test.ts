import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/router';
import { addOrgUser, createUser } from '../support/factories/core';
import { createOrgLock, orgWithCast, type Cast } from '../support/factories/organization';

let c: Cast;
beforeAll(async () => {
  c = await orgWithCast({ timeZone: 'America/New_York' });
});

describe('GET /organization', () => {
  it("lists the caller's organizations as Tedee's get-all has them, with the caller's role in Tedee's numbering", async () => {
    await createOrgLock(c.org.id);
    const res = await api('GET', '/api/v37/organization', { key: c.admin.key });
    expect(res.status).toBe(200);
    // organization/get-all.rst: {organizations: [...]}, datastructures/organization.rst's fields, ours after them
    expect(res.json.result).toEqual({
      organizations: [
        {
          id: c.org.id,
          name: c.org.name,
          ownerName: c.owner.displayName,
          description: null,
          logo: null,
          color: expect.stringMatching(/^#[0-9a-f]{6}$/),
          initials: expect.stringMatching(/^[A-Z0-9]{1,2}$/),
          slug: expect.stringMatching(new RegExp(`-${c.org.id}$`)),
          bridgesCount: 1,
          locksCount: 1,
          organizationRole: 1, // Tedee: 0 Owner, 1 Administrator, 2 Member
          timeZone: 'America/New_York',
          organizationUserId: c.ouIds.admin,
          roleName: 'administrator',
          siteIds: null,
        },
      ],
    });
    const owner = await api('GET', '/api/v37/organization', { key: c.owner.key });
    expect(owner.json.result.organizations[0]).toMatchObject({ organizationRole: 0, roleName: 'owner' });
    const member = await api('GET', '/api/v37/organization', { key: c.member.key });
    expect(member.json.result.organizations[0]).toMatchObject({ organizationRole: 2, roleName: 'member' });
    const outsider = await api('GET', '/api/v37/organization', { key: c.outsider.key });
    expect(outsider.json.result.organizations.map((o: any) => o.id)).toEqual([c.other.id]);
    const nobody = await createUser();
    expect((await api('GET', '/api/v37/organization', { key: nobody.key })).json.result).toEqual({ organizations: [] });
  });

  it('needs an Organization scope', async () => {
    expect((await api('GET', '/api/v37/organization', { key: await c.owner.keyWith(['Device.Read']) })).status).toBe(
      403,
    );
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
      role: 0, // Tedee's OrganizationRoleType: 0 Owner
      roleName: 'owner',
      status: 'active',
      invitationId: null,
      invitationExpiresAt: null,
      // a member reads the directory; groups, devices and sign-ins are for administrators
      lastSignInAt: null,
      groups: null,
      deviceCount: null,
    });
    const byMail = await api(
      'GET',
      `${url}?filters.text=${encodeURIComponent(c.admin.email.slice(0, 10).toUpperCase())}`,
      { key: c.member.key },
    );
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
    expect(res.json.result.organizations.map((o: any) => [o.id, o.organizationRole]).sort()).toEqual(
      [
        [c.org.id, 2],
        [c.other.id, 1],
      ].sort(),
    );
  });
});
