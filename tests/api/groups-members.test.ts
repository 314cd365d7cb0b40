import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deviceAccess, userGroupMembers } from '@/db/schema';
import { effectiveAccess } from '@/lib/domain/access/effective';
import { api } from '../support/router';
import { createGroup, createLock, db, grantGroup, grantUser } from '../support/factories/core';
import { orgWithCast, type Cast } from '../support/factories/organization';

let c: Cast;
const url = (groupId: string) => `/api/v37/organization/${c.org.id}/user-groups/${groupId}/members`;
const membersOf = async (groupId: string) =>
  (await (await db()).select().from(userGroupMembers).where(eq(userGroupMembers.groupId, groupId)))
    .map((r) => r.organizationUserId)
    .sort();

beforeAll(async () => {
  c = await orgWithCast();
});

describe('POST members (endpoint 9) -> 207', () => {
  it('adds, skips who is already in, refuses non-members of the organization, counts duplicates once', async () => {
    const g = await createGroup(c.org.id, undefined, [c.ouIds.admin]);
    const res = await api('POST', url(g.id), {
      key: c.admin.key,
      body: { organizationUserIds: [c.ouIds.member, c.ouIds.admin, c.ouIds.outsider, c.ouIds.member, 99999999] },
    });
    expect(res.status).toBe(207);
    expect(res.json).toEqual({
      organizationUsers: [
        { organizationUserId: c.ouIds.member, success: true, error: null },
        {
          organizationUserId: c.ouIds.outsider,
          success: false,
          error: { code: 'NotOrganizationUser', message: expect.stringMatching(/not a member/) },
        },
        {
          organizationUserId: 99999999,
          success: false,
          error: { code: 'NotOrganizationUser', message: expect.any(String) },
        },
      ],
    });
    expect(res.json.success).toBeUndefined();
    expect(await membersOf(g.id)).toEqual([c.ouIds.admin, c.ouIds.member].sort());
  });

  it('400 for an empty list, a missing list, non-numbers, more than 500 ids; nothing changes', async () => {
    const g = await createGroup(c.org.id);
    for (const body of [
      { organizationUserIds: [] },
      {},
      { organizationUserIds: ['a'] },
      { organizationUserIds: [1.5] },
      { organizationUserIds: Array.from({ length: 501 }, (_, i) => i + 1) },
    ]) {
      const res = await api('POST', url(g.id), { key: c.owner.key, body });
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json.errorMessages.length).toBeGreaterThan(0);
    }
    expect(await membersOf(g.id)).toEqual([]);
    const ok = await api('POST', url(g.id), {
      key: c.owner.key,
      body: { organizationUserIds: [c.ouIds.member, ...Array.from({ length: 499 }, () => c.ouIds.member)] },
    });
    expect(ok.status).toBe(207);
    expect(ok.json.organizationUsers).toHaveLength(1);
  });

  it('roles: member 403, outsider 404, unknown group 404, scope Organization.ReadWrite', async () => {
    const g = await createGroup(c.org.id);
    const body = { organizationUserIds: [c.ouIds.member] };
    expect((await api('POST', url(g.id), { key: c.member.key, body })).status).toBe(403);
    expect((await api('POST', url(g.id), { key: c.outsider.key, body })).status).toBe(404);
    expect((await api('POST', url('00000000-0000-4000-8000-000000000000'), { key: c.owner.key, body })).status).toBe(
      404,
    );
    expect((await api('POST', url(g.id), { key: await c.owner.keyWith(['Organization.Read']), body })).status).toBe(
      403,
    );
    expect(
      (await api('POST', url(g.id), { key: await c.owner.keyWith(['Organization.ReadWrite']), body })).status,
    ).toBe(207);
  });
});

describe('DELETE members (endpoint 10) -> 207', () => {
  it('removes members, skips who is not in the group, refuses non-members of the organization', async () => {
    const g = await createGroup(c.org.id, undefined, [c.ouIds.member, c.ouIds.admin]);
    const res = await api('DELETE', url(g.id), {
      key: c.owner.key,
      body: { organizationUserIds: [c.ouIds.member, c.ouIds.owner, c.ouIds.outsider, c.ouIds.member] },
    });
    expect(res.status).toBe(207);
    expect(res.json.organizationUsers).toEqual([
      { organizationUserId: c.ouIds.member, success: true, error: null },
      {
        organizationUserId: c.ouIds.outsider,
        success: false,
        error: { code: 'NotOrganizationUser', message: expect.any(String) },
      },
    ]);
    expect(await membersOf(g.id)).toEqual([c.ouIds.admin]);
  });

  it('ends only what the user had through the group: a direct access survives, group access stops applying', async () => {
    const [viaGroup, direct] = [
      await createLock({ organizationId: c.org.id }),
      await createLock({ organizationId: c.org.id }),
    ];
    const g = await createGroup(c.org.id, undefined, [c.ouIds.member]);
    await grantGroup(viaGroup.id, g.id, 1);
    await grantGroup(direct.id, g.id, 1);
    await grantUser(direct.id, c.member.id, 0);
    const d = await db();
    const before = await effectiveAccess(d, c.member.id, new Date(), [viaGroup.id, direct.id]);
    expect([...before.keys()].sort()).toEqual([viaGroup.id, direct.id].sort());
    const res = await api('DELETE', url(g.id), { key: c.admin.key, body: { organizationUserIds: [c.ouIds.member] } });
    expect(res.status).toBe(207);
    const after = await effectiveAccess(d, c.member.id, new Date(), [viaGroup.id, direct.id]);
    expect(after.has(viaGroup.id)).toBe(false);
    expect(after.get(direct.id)).toMatchObject({ via: 'user', accessLevel: 0 });
    // the group's own grants stay for its remaining and future members
    expect(await d.select().from(deviceAccess).where(eq(deviceAccess.groupId, g.id))).toHaveLength(2);
  });

  it('400 for an empty list', async () => {
    const g = await createGroup(c.org.id);
    expect((await api('DELETE', url(g.id), { key: c.owner.key, body: { organizationUserIds: [] } })).status).toBe(400);
  });
});
