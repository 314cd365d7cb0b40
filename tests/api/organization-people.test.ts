import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AccessLevel,
  deviceAccess,
  deviceActivity,
  deviceCertificates,
  organizationUsers,
  userGroupMembers,
  webhookDeliveries,
  webhookOutbox,
} from '@/db/schema';
import { REAUTH_REQUIRED } from '@/lib/auth/reauth';
import { dispatchOutbox } from '@/lib/domain/webhooks/dispatch';
import { api } from '../support/router';
import { issueEmailToken } from '@/lib/auth/email-tokens';
import { registerPhone, sessionCookie, sessionHeaders } from '../support/factories/account';
import {
  addOrgUser,
  createGroup,
  createOrg,
  createUser,
  db,
  grantGroup,
  grantUser,
  type TestUser,
} from '../support/factories/core';
import { createOrgLock, orgWithCast, type Cast } from '../support/factories/organization';
import { createSubscription } from '../support/factories/webhooks';

/**
 * The organization's people (Tedee's organization users): the list and its filters, one person,
 * the name shown, administrators (only the owner makes or removes them), ownership handed over,
 * removal and leaving with everything they had, for every role and the abuse each must refuse.
 * Invitations: organization-invitations.test.ts.
 */

let c: Cast;
beforeAll(async () => {
  c = await orgWithCast();
});

const base = (orgId: number) => `/api/v37/organization/${orgId}`;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A fresh organization with an owner, an administrator and a member, for tests that change roles. */
async function fresh() {
  const org = await createOrg();
  const [owner, admin, member, admin2] = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
  const ou = {
    owner: await addOrgUser(org.id, owner.id, 2),
    admin: await addOrgUser(org.id, admin.id, 1),
    member: await addOrgUser(org.id, member.id, 0),
    admin2: await addOrgUser(org.id, admin2.id, 1),
  };
  return { org, owner, admin, member, admin2, ou, url: base(org.id) };
}

const roleOf = async (ouId: number) =>
  (
    await (
      await db()
    )
      .select({ role: organizationUsers.role })
      .from(organizationUsers)
      .where(eq(organizationUsers.id, ouId))
  )[0]?.role;

describe('GET /organization/{id}/user', () => {
  it('lists members with role and status; administrators also see groups, devices and last sign-in', async () => {
    const group = await createGroup(c.org.id, `Desk ${Date.now()}`, [c.ouIds.member]);
    const lock = await createOrgLock(c.org.id);
    await grantGroup(lock.id, group.id);
    await sessionCookie(c.member); // a sign-in
    const asAdmin = await api('GET', `${base(c.org.id)}/user`, { key: c.admin.key });
    expect(asAdmin.status).toBe(200);
    const maria = asAdmin.json.result.find((u: any) => u.organizationUserId === c.ouIds.member);
    expect(maria).toEqual({
      organizationUserId: c.ouIds.member,
      userId: c.member.id,
      email: c.member.email,
      displayName: c.member.displayName,
      role: 2, // Tedee's OrganizationRoleType: 2 Member
      roleName: 'member',
      status: 'active',
      invitationId: null,
      invitationExpiresAt: null,
      lastSignInAt: expect.stringMatching(ISO),
      groups: [{ id: group.id, name: group.name }],
      deviceCount: 1,
    });
    // a member reads the directory, not who holds which doors
    const asMember = await api('GET', `${base(c.org.id)}/user`, { key: c.member.key });
    expect(asMember.json.result.find((u: any) => u.organizationUserId === c.ouIds.admin)).toMatchObject({
      role: 1,
      roleName: 'administrator',
      groups: null,
      deviceCount: null,
      lastSignInAt: null,
    });
  });

  it("Filters.UserTypes keeps roles in Tedee's numbering (repeated or comma separated, any case); 400 outside 0-2", async () => {
    const url = `${base(c.org.id)}/user`;
    const roles = async (q: string) =>
      (await api('GET', `${url}?${q}`, { key: c.member.key })).json.result.map((u: any) => u.role).sort();
    expect(await roles('Filters.UserTypes=2')).toEqual([2]);
    expect(await roles('Filters.UserTypes=1&Filters.UserTypes=2')).toEqual([1, 2]);
    expect(await roles('filters.usertypes=0,1')).toEqual([0, 1]);
    expect((await api('GET', `${url}?Filters.UserTypes=3`, { key: c.member.key })).status).toBe(400);
    expect((await api('GET', `${url}?Filters.UserTypes=x`, { key: c.member.key })).status).toBe(400);
  });

  it('Filters.IncludePendingUsers adds open invitations (invited, expired) after the members; not by default', async () => {
    const f = await fresh();
    const inv = await api('POST', `${f.url}/user`, {
      key: f.owner.key,
      body: { email: 'pending.person@test.local', name: 'Pending Person', role: 1 },
    });
    expect(inv.status).toBe(201);
    const without = await api('GET', `${f.url}/user`, { key: f.admin.key });
    expect(without.json.result).toHaveLength(4);
    const all = await api('GET', `${f.url}/user?Filters.IncludePendingUsers=true`, { key: f.admin.key });
    expect(all.json.result).toHaveLength(5);
    expect(all.json.result[4]).toEqual({
      organizationUserId: null,
      userId: null,
      email: 'pending.person@test.local',
      displayName: 'Pending Person',
      role: 1,
      roleName: 'administrator',
      status: 'invited',
      invitationId: inv.json.result.invitationId,
      invitationExpiresAt: inv.json.result.expiresAt,
      lastSignInAt: null,
      groups: null,
      deviceCount: null,
    });
    const admins = await api('GET', `${f.url}/user?Filters.IncludePendingUsers=true&Filters.UserTypes=0`, {
      key: f.admin.key,
    });
    expect(admins.json.result.map((u: any) => u.status)).toEqual(['active']);
    // invited addresses are for administrators' eyes: a member asking gets the members only
    const asMember = await api('GET', `${f.url}/user?Filters.IncludePendingUsers=true`, { key: f.member.key });
    expect(asMember.json.result.map((u: any) => u.status)).toEqual(['active', 'active', 'active', 'active']);
  });

  it('outsiders get 404; a key without an Organization scope 403', async () => {
    expect((await api('GET', `${base(c.org.id)}/user`, { key: c.outsider.key })).status).toBe(404);
    expect((await api('GET', `${base(c.org.id)}/user`, { key: await c.admin.keyWith(['Device.Read']) })).status).toBe(
      403,
    );
    expect(
      (await api('GET', `${base(c.org.id)}/user`, { key: await c.admin.keyWith(['Organization.Read']) })).status,
    ).toBe(200);
  });
});

describe('GET /organization/{id}/user/{organizationUserId}', () => {
  it('one member; administrators and the person see what removing them would end', async () => {
    const f = await fresh();
    const g = await createGroup(f.org.id, 'Night shift', [f.ou.member]);
    const [l1, l2, l3] = await Promise.all([createOrgLock(f.org.id), createOrgLock(f.org.id), createOrgLock(f.org.id)]);
    await grantUser(l1.id, f.member.id);
    await grantUser(l2.id, f.member.id);
    await grantGroup(l2.id, g.id);
    await grantGroup(l3.id, g.id);
    const r = await api('GET', `${f.url}/user/${f.ou.member}`, { key: f.admin.key });
    expect(r.status).toBe(200);
    expect(r.json.result).toMatchObject({
      organizationUserId: f.ou.member,
      email: f.member.email,
      role: 2,
      status: 'active',
      deviceCount: 3,
      groups: [{ id: g.id, name: 'Night shift' }],
      joinedAt: expect.stringMatching(ISO),
    });
    // nothing handed out by them (issue 29: that would be listed, and end with them)
    const nothingGiven = { invitationsSent: 0, grantsMade: [] };
    expect(r.json.result.removal).toEqual({
      deviceAccesses: 2,
      groups: 1,
      devices: 3,
      invitations: 0,
      ...nothingGiven,
    });
    expect((await api('GET', `${f.url}/user/${f.ou.member}`, { key: f.member.key })).json.result.removal).toEqual({
      deviceAccesses: 2,
      groups: 1,
      devices: 3,
      invitations: 0,
      ...nothingGiven,
    });
    // another member sees the directory entry only
    expect((await api('GET', `${f.url}/user/${f.ou.admin}`, { key: f.member.key })).json.result).toMatchObject({
      removal: null,
      groups: null,
      deviceCount: null,
    });
  });

  it('404 for an id of another organization, and for outsiders', async () => {
    expect((await api('GET', `${base(c.org.id)}/user/${c.ouIds.outsider}`, { key: c.admin.key })).status).toBe(404);
    expect((await api('GET', `${base(c.org.id)}/user/${c.ouIds.member}`, { key: c.outsider.key })).status).toBe(404);
    expect((await api('GET', `${base(c.org.id)}/user/abc`, { key: c.admin.key })).status).toBe(400);
  });
});

describe('PUT /organization/{id}/user/byorganizationuserid/{organizationUserId}', () => {
  it("an administrator renames a member here only; the account's own name elsewhere stays", async () => {
    const f = await fresh();
    const r = await api('PUT', `${f.url}/user/byorganizationuserid/${f.ou.member}`, {
      key: f.admin.key,
      body: { displayName: '  Maria   (Front desk) ' },
    });
    expect(r.status).toBe(201); // Tedee's organizationusers/update.rst: 201 Created
    expect(r.json.result).toMatchObject({ organizationUserId: f.ou.member, displayName: 'Maria (Front desk)' });
    // the organization's lists use it too (a group's members)
    const g = await createGroup(f.org.id, 'Desk', [f.ou.member]);
    expect(
      (await api('GET', `${f.url}/user-groups/${g.id}?includeMembers=true`, { key: f.admin.key })).json.result
        .members[0].displayName,
    ).toBe('Maria (Front desk)');
    const other = await createOrg();
    await addOrgUser(other.id, f.member.id, 2);
    expect((await api('GET', `${base(other.id)}/user`, { key: f.member.key })).json.result[0].displayName).toBe(
      f.member.displayName,
    );
  });

  it('refuses look-alike names, renaming the owner or (for administrators) another administrator, and members', async () => {
    const f = await fresh();
    const put = (key: string, ou: number, displayName: string) =>
      api('PUT', `${f.url}/user/byorganizationuserid/${ou}`, { key, body: { displayName } });
    expect((await put(f.admin.key, f.ou.member, 'Olivia\u202eOwner')).status).toBe(400);
    expect((await put(f.admin.key, f.ou.member, 'Oli\u200bvia')).status).toBe(400);
    expect((await put(f.admin.key, f.ou.owner, 'Not the owner')).status).toBe(403);
    expect((await put(f.admin.key, f.ou.admin2, 'Other admin')).status).toBe(403);
    expect((await put(f.member.key, f.ou.member, 'Me')).status).toBe(403);
    expect((await put(f.owner.key, f.ou.admin2, 'Renamed admin')).status).toBe(201);
    expect((await put(c.outsider.key, f.ou.member, 'x')).status).toBe(404);
    expect((await put(await f.owner.keyWith(['Organization.Read']), f.ou.member, 'x')).status).toBe(403);
  });
});

describe('PUT /organization/{id}/assignadmin and /removeadmin', () => {
  it('the owner makes a member an administrator (204) and back (200 without a result), as Tedee documents them', async () => {
    const f = await fresh();
    const a = await api('PUT', `${f.url}/assignadmin`, { key: f.owner.key, body: { organizationUserId: f.ou.member } });
    expect(a.status).toBe(204);
    expect(await roleOf(f.ou.member)).toBe(1);
    expect(
      (await api('PUT', `${f.url}/assignadmin`, { key: f.owner.key, body: { organizationUserId: f.ou.member } }))
        .status,
    ).toBe(409);
    const r = await api('PUT', `${f.url}/removeadmin`, { key: f.owner.key, body: { organizationUserId: f.ou.member } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ success: true, errorMessages: [], statusCode: 200 });
    expect(await roleOf(f.ou.member)).toBe(0);
    expect(
      (await api('PUT', `${f.url}/removeadmin`, { key: f.owner.key, body: { organizationUserId: f.ou.member } }))
        .status,
    ).toBe(409);
  });

  it('administrators, members, outsiders and read-only keys cannot; nobody changes the owner or themselves', async () => {
    const f = await fresh();
    const put = (path: string, key: string, organizationUserId: number) =>
      api('PUT', `${f.url}/${path}`, { key, body: { organizationUserId } });
    expect((await put('assignadmin', f.admin.key, f.ou.member)).status).toBe(403);
    expect((await put('removeadmin', f.admin.key, f.ou.admin2)).status).toBe(403);
    expect((await put('removeadmin', f.admin.key, f.ou.owner)).status).toBe(403);
    expect((await put('assignadmin', f.member.key, f.ou.member)).status).toBe(403);
    expect((await put('assignadmin', c.outsider.key, f.ou.member)).status).toBe(404);
    expect((await put('removeadmin', f.owner.key, f.ou.owner)).status).toBe(403);
    expect((await put('assignadmin', f.owner.key, c.ouIds.member)).status).toBe(404); // another organization's person
    expect((await put('assignadmin', await f.owner.keyWith(['Organization.Read']), f.ou.member)).status).toBe(403);
    expect(
      (await api('PUT', `${f.url}/assignadmin`, { key: f.owner.key, body: { organizationUserId: 'x' } })).status,
    ).toBe(400);
    expect([await roleOf(f.ou.member), await roleOf(f.ou.admin2), await roleOf(f.ou.owner)]).toEqual([0, 1, 2]);
  });
});

describe('POST /organization/{id}/transferownership', () => {
  it('the owner hands ownership to an administrator and becomes one; there is still exactly one owner', async () => {
    const f = await fresh();
    const r = await api('POST', `${f.url}/transferownership`, {
      key: f.owner.key,
      body: { organizationUserId: f.ou.admin },
    });
    expect(r.status).toBe(204);
    expect([await roleOf(f.ou.owner), await roleOf(f.ou.admin)]).toEqual([1, 2]);
    const owners = await (await db())
      .select()
      .from(organizationUsers)
      .where(and(eq(organizationUsers.organizationId, f.org.id), eq(organizationUsers.role, 2)));
    expect(owners).toHaveLength(1);
    // the former owner is now an administrator: no more owner's powers
    expect(
      (await api('PUT', `${f.url}/assignadmin`, { key: f.owner.key, body: { organizationUserId: f.ou.member } }))
        .status,
    ).toBe(403);
  });

  it('an administrator cannot make themselves owner; not to a member; not to oneself', async () => {
    const f = await fresh();
    const post = (key: string, organizationUserId: number) =>
      api('POST', `${f.url}/transferownership`, { key, body: { organizationUserId } });
    expect((await post(f.admin.key, f.ou.admin)).status).toBe(403);
    expect((await post(f.admin.key, f.ou.admin2)).status).toBe(403);
    expect((await post(f.owner.key, f.ou.member)).status).toBe(409);
    expect((await post(f.owner.key, f.ou.owner)).status).toBe(403);
    expect((await post(f.member.key, f.ou.admin)).status).toBe(403);
    expect((await post(c.outsider.key, f.ou.admin)).status).toBe(404);
    expect([await roleOf(f.ou.owner), await roleOf(f.ou.admin), await roleOf(f.ou.admin2)]).toEqual([2, 1, 1]);
  });

  it('a portal session must have entered its password in the last 10 minutes (the confirmation)', async () => {
    const f = await fresh();
    const old = { cookie: await sessionCookie(f.owner, 3600, 11 * 60_000), origin: 'http://localhost:3000' };
    const refused = await api('POST', `${f.url}/transferownership`, {
      headers: old,
      body: { organizationUserId: f.ou.admin },
    });
    expect(refused.status).toBe(403);
    expect(refused.json.errorMessages).toEqual([REAUTH_REQUIRED]);
    expect(await roleOf(f.ou.owner)).toBe(2);
    const recent = { cookie: await sessionCookie(f.owner), origin: 'http://localhost:3000' };
    expect(
      (await api('POST', `${f.url}/transferownership`, { headers: recent, body: { organizationUserId: f.ou.admin } }))
        .status,
    ).toBe(204);
  });
});

describe('DELETE /organization/{id}/user/byorganizationuserid/{organizationUserId}', () => {
  /** A member with a direct access, a group's access, a phone holding certificates for both. */
  async function equipped(f: Awaited<ReturnType<typeof fresh>>, who: TestUser, ouId: number) {
    const g = await createGroup(f.org.id, `Group ${ouId}`, [ouId]);
    const [direct, viaGroup] = await Promise.all([createOrgLock(f.org.id), createOrgLock(f.org.id)]);
    await grantUser(direct.id, f.owner.id, AccessLevel.owner);
    await grantUser(viaGroup.id, f.owner.id, AccessLevel.owner);
    await grantUser(direct.id, who.id);
    await grantGroup(viaGroup.id, g.id);
    const phone = await registerPhone(who);
    for (const d of [direct, viaGroup]) {
      const cert = await api('GET', `/api/v37/my/devicecertificate/getformobile?mobileId=${phone}&deviceId=${d.id}`, {
        key: who.key,
      });
      expect(cert.status).toBe(200);
    }
    // their own world outside the organization
    const mine = await createOrgLock(null);
    await grantUser(mine.id, who.id, AccessLevel.owner);
    return { g, direct, viaGroup, mine };
  }

  it('an administrator removes a member: groups, every access (direct and through groups), certificates, at once; activity and webhook per device', async () => {
    const f = await fresh();
    const e = await equipped(f, f.member, f.ou.member);
    const hook = await createSubscription({
      url: 'http://127.0.0.1:9/people-hook',
      organizationId: f.org.id,
      events: ['device-access-changed'],
    });
    expect((await api('POST', `/api/v37/my/lock/${e.direct.id}/operation/unlock`, { key: f.member.key })).status).toBe(
      202,
    );
    const r = await api('DELETE', `${f.url}/user/byorganizationuserid/${f.ou.member}`, { key: f.admin.key });
    expect(r.status).toBe(201); // Tedee's organizationusers/delete.rst: 201 Created
    expect(r.json.result).toEqual({
      organizationUserId: f.ou.member,
      deviceAccesses: 1,
      groups: 1,
      devices: 2,
      certificatesRevoked: 2,
    });
    // the door refuses them at once, both ways they had in
    expect((await api('POST', `/api/v37/my/lock/${e.direct.id}/operation/unlock`, { key: f.member.key })).status).toBe(
      404,
    );
    expect(
      (await api('POST', `/api/v37/my/lock/${e.viaGroup.id}/operation/unlock`, { key: f.member.key })).status,
    ).toBe(404);
    const d = await db();
    const certs = await d
      .select()
      .from(deviceCertificates)
      .where(
        and(
          eq(deviceCertificates.userId, f.member.id),
          inArray(deviceCertificates.deviceId, [e.direct.id, e.viaGroup.id]),
        ),
      );
    expect(certs.map((x) => x.revokedAt !== null)).toEqual([true, true]);
    expect(await d.select().from(userGroupMembers).where(eq(userGroupMembers.groupId, e.g.id))).toEqual([]);
    expect(await d.select().from(organizationUsers).where(eq(organizationUsers.id, f.ou.member))).toEqual([]);
    const acts = await d
      .select()
      .from(deviceActivity)
      .where(inArray(deviceActivity.deviceId, [e.direct.id, e.viaGroup.id]));
    expect(
      acts
        .filter((a) => a.event === 20009)
        .map((a) => [a.deviceId, a.userId])
        .sort(),
    ).toEqual(
      [
        [e.direct.id, f.member.id],
        [e.viaGroup.id, f.member.id],
      ].sort(),
    );
    const events = await d
      .select()
      .from(webhookOutbox)
      .where(
        and(
          eq(webhookOutbox.event, 'device-access-changed'),
          inArray(webhookOutbox.deviceId, [e.direct.id, e.viaGroup.id]),
        ),
      );
    expect(events).toHaveLength(2);
    expect(events[0].payload).toMatchObject({
      event: 'device-access-changed',
      data: {
        userId: f.member.id,
        organizationUserId: f.ou.member,
        change: 'removed-from-organization',
        byUserId: f.admin.id,
      },
    });
    // the organization's webhook that asked for it gets one delivery per device
    await dispatchOutbox(d, new Date(), 1000);
    expect(await d.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, hook.id))).toHaveLength(
      2,
    );
    // their own device, account and keys are untouched
    expect((await api('GET', `/api/v37/my/lock/${e.mine.id}`, { key: f.member.key })).status).toBe(200);
    expect((await api('GET', `${f.url}/user`, { key: f.member.key })).status).toBe(404);
  });

  it('a device the removed administrator owned goes to the organization owner', async () => {
    const f = await fresh();
    const lock = await createOrgLock(f.org.id);
    await grantUser(lock.id, f.admin.id, AccessLevel.owner);
    await grantUser(lock.id, f.owner.id, AccessLevel.guest);
    expect((await api('DELETE', `${f.url}/user/byorganizationuserid/${f.ou.admin}`, { key: f.owner.key })).status).toBe(
      201,
    );
    const rows = await (await db()).select().from(deviceAccess).where(eq(deviceAccess.deviceId, lock.id));
    expect(rows.map((a) => [a.userId, a.accessLevel])).toEqual([[f.owner.id, AccessLevel.owner]]);
  });

  it('refuses: an administrator removing the owner or another administrator, a member removing anyone, the owner leaving', async () => {
    const f = await fresh();
    const del = (key: string, ou: number) => api('DELETE', `${f.url}/user/byorganizationuserid/${ou}`, { key });
    expect((await del(f.admin.key, f.ou.owner)).status).toBe(403);
    expect((await del(f.admin.key, f.ou.admin2)).status).toBe(403);
    expect((await del(f.member.key, f.ou.admin)).status).toBe(403);
    const leave = await del(f.owner.key, f.ou.owner);
    expect(leave.status).toBe(409);
    expect(leave.json.errorMessages[0]).toMatch(/hand ownership over/);
    expect((await del(c.outsider.key, f.ou.member)).status).toBe(404);
    expect((await del(f.owner.key, c.ouIds.member)).status).toBe(404);
    expect((await del(await f.owner.keyWith(['Organization.Read']), f.ou.member)).status).toBe(403);
    const d = await db();
    expect(
      (await d.select().from(organizationUsers).where(eq(organizationUsers.organizationId, f.org.id))).length,
    ).toBe(4);
    expect((await del(f.owner.key, f.ou.admin2)).status).toBe(201);
  });

  it("an invitation to the removed person's address on the organization's door is withdrawn; they cannot take it afterwards", async () => {
    const f = await fresh();
    const [door, elsewhere] = await Promise.all([createOrgLock(f.org.id), createOrgLock(null)]);
    const d = await db();
    const now = new Date();
    // an invitation mailed to the member's address before they joined, still waiting (on the
    // organization's door), and one on somebody's own lock outside the organization
    const invite = async (deviceId: number) => {
      const [a] = await d
        .insert(deviceAccess)
        .values({
          deviceId,
          principalType: 0,
          pendingEmail: f.member.email.toUpperCase(),
          pendingExpiresAt: new Date(now.getTime() + 86_400_000),
          accessLevel: AccessLevel.guest,
        })
        .returning();
      const { token } = await issueEmailToken(d, {
        purpose: 'device-invite',
        email: f.member.email,
        ref: a.id,
        payload: { deviceId, inviter: 'Owner' },
        now,
      });
      return { id: a.id, token };
    };
    const [atDoor, atHome] = [await invite(door.id), await invite(elsewhere.id)];
    // the confirmation says so beforehand: one waiting on the organization's doors
    expect((await api('GET', `${f.url}/user/${f.ou.member}`, { key: f.admin.key })).json.result.removal).toEqual({
      deviceAccesses: 0,
      groups: 0,
      devices: 0,
      invitations: 1,
      invitationsSent: 0,
      grantsMade: [],
    });
    expect(
      (await api('DELETE', `${f.url}/user/byorganizationuserid/${f.ou.member}`, { key: f.admin.key })).status,
    ).toBe(201);

    const headers = await sessionHeaders(f.member);
    const taken = await api('POST', '/api/v37/account/invitation/accept', { headers, body: { token: atDoor.token } });
    expect(taken.status).toBe(410);
    expect(taken.json.errorMessages[0]).toMatch(/expired/);
    expect((await api('POST', `/api/v37/my/lock/${door.id}/operation/unlock`, { headers })).status).toBe(404);
    expect(await d.select().from(deviceAccess).where(eq(deviceAccess.id, atDoor.id))).toEqual([]);
    // the invitation outside the organization is theirs to take
    const mine = await api('POST', '/api/v37/account/invitation/accept', { headers, body: { token: atHome.token } });
    expect(mine.status).toBe(200);
    expect(mine.json.result).toEqual({
      deviceId: elsewhere.id,
      accessId: atHome.id,
      accepted: [{ deviceId: elsewhere.id, accessId: atHome.id }],
    });
  });

  it('anyone but the owner leaves with their own id, losing what the organization gave them', async () => {
    const f = await fresh();
    const e = await equipped(f, f.admin, f.ou.admin);
    const r = await api('DELETE', `${f.url}/user/byorganizationuserid/${f.ou.admin}`, { key: f.admin.key });
    expect(r.status).toBe(201);
    expect(r.json.result).toMatchObject({ devices: 2, certificatesRevoked: 2 });
    expect((await api('GET', `/api/v37/my/lock/${e.direct.id}`, { key: f.admin.key })).status).toBe(404);
    const acts = await (await db()).select().from(deviceActivity).where(eq(deviceActivity.deviceId, e.viaGroup.id));
    expect(acts.map((a) => a.event)).toContain(20010);
    expect(
      (await api('DELETE', `${f.url}/user/byorganizationuserid/${f.ou.member}`, { key: f.member.key })).status,
    ).toBe(201);
  });
});
