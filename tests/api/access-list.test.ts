import { describe, expect, it } from 'vitest';
import { createUser, grantUser } from '../support/factories/core';
import { sharingCast } from '../support/factories/access';
import { api } from '../support/router';

const url = (id: number) => `/api/v37/my/device/${id}/access`;
const FIELDS = [
  'accessLevel',
  'dayEndTime',
  'dayStartTime',
  'deviceId',
  'endDate',
  'id',
  'isPending',
  'organizationUserId',
  'principalId',
  'principalName',
  'principalType',
  'remoteAccessDisabled',
  'startDate',
  'userEmail',
  'weekDays',
];

describe('GET /my/device/{deviceId}/access', () => {
  it('owner and administrator see every user and group with the exact record fields', async () => {
    const c = await sharingCast();
    for (const who of [c.owner, c.admin]) {
      const res = await api('GET', url(c.lock.id), { key: who.key });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ success: true, errorMessages: [], statusCode: 200 });
      const ids = res.json.result.map((r: any) => r.principalId);
      expect(ids).toEqual([c.owner.id, c.admin.id, c.guest.id, c.group.id]);
      for (const r of res.json.result) expect(Object.keys(r).sort()).toEqual(FIELDS);
    }
    const res = await api('GET', url(c.lock.id), { key: c.owner.key });
    const [owner, , , group] = res.json.result;
    expect(owner).toMatchObject({
      accessLevel: 2,
      principalType: 0,
      principalName: c.owner.displayName,
      userEmail: c.owner.email,
      isPending: false,
      deviceId: c.lock.id,
    });
    expect(owner.organizationUserId).toBeGreaterThan(0);
    expect(group).toMatchObject({
      principalType: 1,
      principalName: c.group.name,
      userEmail: null,
      organizationUserId: 0,
      weekDays: null,
      startDate: null,
    });
  });

  it('a guest sees only the owner and their own access; a member sees the owner and their group', async () => {
    const c = await sharingCast();
    const g = await api('GET', url(c.lock.id), { key: c.guest.key });
    expect(g.json.result.map((r: any) => r.principalId)).toEqual([c.owner.id, c.guest.id]);
    const m = await api('GET', url(c.lock.id), { key: c.member.key });
    expect(m.json.result.map((r: any) => r.principalId)).toEqual([c.owner.id, c.group.id]);
  });

  it('a member who is an administrator through their group sees everyone and may share for a while', async () => {
    const c = await sharingCast({ memberLevel: 1 });
    const res = await api('GET', url(c.lock.id), { key: c.member.key });
    // owner first, then administrators (the admin, then the group) by creation, then guests
    expect(res.json.result.map((r: any) => r.principalId)).toEqual([c.owner.id, c.admin.id, c.group.id, c.guest.id]);
    const grant = await api('POST', url(c.lock.id), {
      key: c.member.key,
      body: { principalType: 0, userEmail: (await createUser()).email, accessLevel: 1, remoteAccessDisabled: false },
    });
    // an administrator who is not the owner hands out nothing endless (the delegation rule, docs/security.md)
    expect(grant.status).toBe(403);
    const bounded = await api('POST', url(c.lock.id), {
      key: c.member.key,
      body: {
        principalType: 0,
        userEmail: (await createUser()).email,
        accessLevel: 1,
        remoteAccessDisabled: false,
        endDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      },
    });
    expect(bounded.status).toBe(201);
  });

  it('an administrator whose access is inactive right now sees the reduced list', async () => {
    const c = await sharingCast();
    const sleepy = await createUser();
    const notToday = 1 << ((new Date().getUTCDay() + 2) % 7); // three days away from today in UTC, so never today in Warsaw either
    await grantUser(c.lock.id, sleepy.id, 1, { weekDays: notToday });
    const res = await api('GET', url(c.lock.id), { key: sleepy.key });
    expect(res.status).toBe(200);
    expect(res.json.result.map((r: any) => r.principalId)).toEqual([c.owner.id, sleepy.id]);
  });

  it('an outsider gets 404, an expired guest gets 404, a key without scope 403', async () => {
    const c = await sharingCast();
    expect((await api('GET', url(c.lock.id), { key: c.outsider.key })).status).toBe(404);
    const expired = await createUser();
    await grantUser(c.lock.id, expired.id, 0, { endDate: new Date(Date.now() - 1000) });
    expect((await api('GET', url(c.lock.id), { key: expired.key })).status).toBe(404);
    const noScope = await c.owner.keyWith(['Device.Read']);
    expect((await api('GET', url(c.lock.id), { key: noScope })).status).toBe(403);
    const readOnly = await c.owner.keyWith(['DeviceShare.Read']);
    expect((await api('GET', url(c.lock.id), { key: readOnly })).status).toBe(200);
    expect((await api('GET', url(999999999), { key: c.owner.key })).status).toBe(404);
  });

  it('filters by principal id, principal type and text (any case of the names)', async () => {
    const c = await sharingCast();
    const byId = await api('GET', `${url(c.lock.id)}?Filters.PrincipalId=${c.guest.id}`, { key: c.owner.key });
    expect(byId.json.result.map((r: any) => r.principalId)).toEqual([c.guest.id]);
    const groups = await api('GET', `${url(c.lock.id)}?filters.principaltype=1`, { key: c.owner.key });
    expect(groups.json.result.map((r: any) => r.principalId)).toEqual([c.group.id]);
    const users = await api('GET', `${url(c.lock.id)}?FILTERS.PRINCIPALTYPE=0`, { key: c.owner.key });
    expect(users.json.result).toHaveLength(3);
    const part = c.admin.email.slice(0, 10).toUpperCase();
    const text = await api('GET', `${url(c.lock.id)}?Filters.Text=${encodeURIComponent(part)}`, { key: c.owner.key });
    expect(text.json.result.map((r: any) => r.principalId)).toEqual([c.admin.id]);
    const groupName = await api(
      'GET',
      `${url(c.lock.id)}?filters.text=${encodeURIComponent(c.group.name.toLowerCase())}`,
      { key: c.owner.key },
    );
    expect(groupName.json.result.map((r: any) => r.principalId)).toEqual([c.group.id]);
    const pct = await api('GET', `${url(c.lock.id)}?filters.text=%25`, { key: c.owner.key });
    expect(pct.json.result).toEqual([]);
    const guestFiltered = await api('GET', `${url(c.lock.id)}?Filters.PrincipalId=${c.admin.id}`, { key: c.guest.key });
    expect(guestFiltered.json.result).toEqual([]); // filters never widen what a guest sees
    const bad = await api('GET', `${url(c.lock.id)}?Filters.PrincipalType=5`, { key: c.owner.key });
    expect(bad.status).toBe(400);
    const badId = await api('GET', `${url(c.lock.id)}?Filters.PrincipalId=abc`, { key: c.owner.key });
    expect(badId.status).toBe(400);
  });
});
