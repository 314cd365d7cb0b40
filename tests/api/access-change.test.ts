import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceAccess, deviceCertificates, devices, mobiles } from '@/db/schema';
import { createUser, db, grantUser, type TestUser } from '../support/factories/core';
import { sharingCast } from '../support/factories/access';
import { liveCertificates } from '../support/factories/devices';
import { api } from '../support/router';

const url = (deviceId: number, accessId: string) => `/api/v37/my/device/${deviceId}/access/${accessId}`;

/** A live certificate as the service issues it to a guest (level 0, a day long). */
async function certFor(deviceId: number, user: TestUser) {
  const d = await db();
  const [m] = await d.insert(mobiles).values({ userId: user.id, name: 'phone', publicKey: 'pk' }).returning();
  await d.insert(deviceCertificates).values({
    deviceId,
    userId: user.id,
    mobileId: m.id,
    accessLevel: 0,
    expirationDate: new Date(Date.now() + 86_400_000),
  });
}

describe('PUT /my/device/{deviceId}/access/{accessId}', () => {
  it('owner changes level, remote access and schedule; fields left out keep their value', async () => {
    const c = await sharingCast();
    const [guestAccess] = await (await db())
      .select()
      .from(deviceAccess)
      .where(and(eq(deviceAccess.deviceId, c.lock.id), eq(deviceAccess.userId, c.guest.id)));
    const body = {
      accessLevel: 1,
      remoteAccessDisabled: true,
      startDate: '2026-01-01T00:00:00Z',
      endDate: '2099-01-01T00:00:00+02:00',
      dayStartTime: '2026-01-01T21:00:00Z',
      dayEndTime: '2026-01-01T05:00:00Z',
      weekDays: 31,
    };
    const res = await api('PUT', url(c.lock.id, guestAccess.id), { key: c.owner.key, body });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const list = await api('GET', `/api/v37/my/device/${c.lock.id}/access?Filters.PrincipalId=${c.guest.id}`, {
      key: c.owner.key,
    });
    expect(list.json.result[0]).toMatchObject({
      accessLevel: 1,
      remoteAccessDisabled: true,
      startDate: '2026-01-01T00:00:00.000Z',
      endDate: '2098-12-31T22:00:00.000Z',
      dayStartTime: '2026-01-01T21:00:00.000Z',
      dayEndTime: '2026-01-01T05:00:00.000Z',
      weekDays: 31,
    });
    const partial = await api('PUT', url(c.lock.id, guestAccess.id), {
      key: c.owner.key,
      body: { weekDays: null, endDate: null },
    });
    expect(partial.status).toBe(204);
    const after = await api('GET', `/api/v37/my/device/${c.lock.id}/access?Filters.PrincipalId=${c.guest.id}`, {
      key: c.owner.key,
    });
    expect(after.json.result[0]).toMatchObject({
      accessLevel: 1,
      remoteAccessDisabled: true,
      weekDays: null,
      endDate: null,
      startDate: '2026-01-01T00:00:00.000Z',
    });
  });

  it('refuses: the owner access, your own, level 2, a guest or member caller, an outsider, bad schedule', async () => {
    const c = await sharingCast();
    const rows = await (await db()).select().from(deviceAccess).where(eq(deviceAccess.deviceId, c.lock.id));
    const of = (userId: string) => rows.find((r) => r.userId === userId)!.id;
    const cases: [string, TestUser, string, Record<string, unknown>, number, RegExp][] = [
      ['owner access', c.admin, of(c.owner.id), { accessLevel: 0 }, 400, /owner's access/],
      ['own access', c.admin, of(c.admin.id), { weekDays: 1 }, 400, /your own/],
      ['level 2 by admin', c.admin, of(c.guest.id), { accessLevel: 2 }, 403, /above your own/],
      ['level 2 by owner', c.owner, of(c.guest.id), { accessLevel: 2 }, 400, /owner level/],
      ['guest caller', c.guest, c.groupAccess.id, { accessLevel: 0 }, 403, /owner or administrator/],
      ['member caller', c.member, of(c.guest.id), { accessLevel: 0 }, 403, /owner or administrator/],
      ['outsider', c.outsider, of(c.guest.id), { accessLevel: 0 }, 404, /not found/],
      ['weekDays 0', c.owner, of(c.guest.id), { weekDays: 0 }, 400, /weekDays/],
      [
        'end before start',
        c.owner,
        of(c.guest.id),
        { startDate: '2026-05-01T00:00:00Z', endDate: '2026-04-01T00:00:00Z' },
        400,
        /endDate/,
      ],
      ['unknown access', c.owner, '00000000-0000-4000-8000-000000000000', { accessLevel: 0 }, 404, /Access not found/],
    ];
    for (const [name, who, id, body, status, msg] of cases) {
      const res = await api('PUT', url(c.lock.id, id), { key: who.key, body });
      expect(res.status, name).toBe(status);
      expect(res.json.errorMessages.join(' '), name).toMatch(msg);
    }
  });
});

describe('DELETE /my/device/{deviceId}/access/{accessId}', () => {
  it('revokes a user access and that user’s certificates for the device only', async () => {
    const c = await sharingCast();
    const target = await createUser();
    const a = await grantUser(c.lock.id, target.id, 0);
    await certFor(c.lock.id, target);
    await certFor(c.bridge.id, target);
    const before = (await (await db()).select().from(devices).where(eq(devices.id, c.lock.id)))[0].certListVersion;
    const res = await api('DELETE', url(c.lock.id, a.id), { key: c.admin.key });
    expect(res.status).toBe(204);
    expect(await liveCertificates(c.lock.id, target.id)).toBe(0);
    expect(await liveCertificates(c.bridge.id, target.id)).toBe(1);
    const after = (await (await db()).select().from(devices).where(eq(devices.id, c.lock.id)))[0].certListVersion;
    expect(after).toBe(before + 1);
    expect((await api('GET', `/api/v37/my/device/${c.lock.id}/access`, { key: target.key })).status).toBe(404);
    expect((await api('DELETE', url(c.lock.id, a.id), { key: c.admin.key })).status).toBe(404);
  });

  it('revoking a group keeps certificates of members who still have a direct access', async () => {
    const c = await sharingCast();
    await certFor(c.lock.id, c.member);
    const direct = await createUser();
    const { addOrgUser } = await import('../support/factories/core');
    const { userGroupMembers } = await import('@/db/schema');
    const ou = await addOrgUser(c.org.id, direct.id, 0);
    await (await db()).insert(userGroupMembers).values({ groupId: c.group.id, organizationUserId: ou });
    await grantUser(c.lock.id, direct.id, 0);
    await certFor(c.lock.id, direct);
    const res = await api('DELETE', url(c.lock.id, c.groupAccess.id), { key: c.owner.key });
    expect(res.status).toBe(204);
    expect(await liveCertificates(c.lock.id, c.member.id)).toBe(0);
    expect(await liveCertificates(c.lock.id, direct.id)).toBe(1);
    expect((await api('GET', `/api/v37/my/device/${c.lock.id}/access`, { key: c.member.key })).status).toBe(404);
  });

  it('an administrator may leave: revoking their own access ends it', async () => {
    const c = await sharingCast();
    const [own] = await (await db())
      .select()
      .from(deviceAccess)
      .where(and(eq(deviceAccess.deviceId, c.lock.id), eq(deviceAccess.userId, c.admin.id)));
    expect((await api('DELETE', url(c.lock.id, own.id), { key: c.admin.key })).status).toBe(204);
    expect((await api('GET', `/api/v37/my/device/${c.lock.id}/access`, { key: c.admin.key })).status).toBe(404);
  });

  it('refuses the owner access (400), guests and members (403), outsiders (404)', async () => {
    const c = await sharingCast();
    const rows = await (await db()).select().from(deviceAccess).where(eq(deviceAccess.deviceId, c.lock.id));
    const ownerAccess = rows.find((r) => r.accessLevel === 2)!;
    const guestAccess = rows.find((r) => r.userId === c.guest.id)!;
    expect((await api('DELETE', url(c.lock.id, ownerAccess.id), { key: c.admin.key })).status).toBe(400);
    expect((await api('DELETE', url(c.lock.id, ownerAccess.id), { key: c.owner.key })).status).toBe(400);
    expect((await api('DELETE', url(c.lock.id, c.groupAccess.id), { key: c.guest.key })).status).toBe(403);
    expect((await api('DELETE', url(c.lock.id, guestAccess.id), { key: c.member.key })).status).toBe(403);
    expect((await api('DELETE', url(c.lock.id, guestAccess.id), { key: c.outsider.key })).status).toBe(404);
    expect((await (await db()).select().from(deviceAccess).where(eq(deviceAccess.deviceId, c.lock.id))).length).toBe(4);
  });
});
