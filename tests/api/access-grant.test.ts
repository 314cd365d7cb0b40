import { describe, expect, it } from 'vitest';
import { createGroup, createOrg, createUser } from '../support/factories/core';
import { sharingCast } from '../support/factories/access';
import { api } from '../support/router';

const url = (id: number) => `/api/v37/my/device/${id}/access`;
const userGrant = (email: string, over: Record<string, unknown> = {}) => ({
  principalType: 0,
  userEmail: email,
  accessLevel: 0,
  remoteAccessDisabled: false,
  ...over,
});

describe('POST /my/device/{deviceId}/access', () => {
  it('owner shares with an existing user by e-mail in any case: 201 flat grant result', async () => {
    const c = await sharingCast();
    const target = await createUser();
    const res = await api('POST', url(c.lock.id), {
      key: c.owner.key,
      body: userGrant(target.email.toUpperCase(), { accessLevel: 1 }),
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(String),
      principalType: 0,
      principalId: target.id,
      userEmail: target.email,
      displayName: target.displayName,
      success: true,
      error: null,
    });
    const list = await api('GET', url(c.lock.id), { key: c.owner.key });
    const rec = list.json.result.find((r: any) => r.id === res.json.id);
    expect(rec).toMatchObject({ accessLevel: 1, principalType: 0, principalId: target.id, isPending: false });
  });

  it('administrator shares with a group of the device organization; echoes the group id', async () => {
    const c = await sharingCast();
    const g = await createGroup(c.org.id, 'Cleaners');
    const res = await api('POST', url(c.lock.id), {
      key: c.admin.key,
      body: {
        principalType: 1,
        principalId: g.id,
        accessLevel: 0,
        remoteAccessDisabled: true,
        weekDays: 31,
        endDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      },
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(String),
      principalType: 1,
      principalId: g.id,
      userEmail: null,
      displayName: 'Cleaners',
      success: true,
      error: null,
    });
  });

  it('an unknown e-mail becomes a pending access whose principalId is the access id', async () => {
    const c = await sharingCast();
    const email = `New.Person-${Date.now()}@Example.test`;
    const res = await api('POST', url(c.lock.id), { key: c.owner.key, body: userGrant(email) });
    expect(res.status).toBe(201);
    expect(res.json.principalId).toBe(res.json.id);
    expect(res.json.userEmail).toBe(email.toLowerCase());
    const list = await api('GET', `${url(c.lock.id)}?filters.text=new.person`, { key: c.owner.key });
    expect(list.json.result).toHaveLength(1);
    expect(list.json.result[0]).toMatchObject({
      isPending: true,
      principalId: res.json.id,
      userEmail: email.toLowerCase(),
      organizationUserId: 0,
    });
    const again = await api('POST', url(c.lock.id), { key: c.owner.key, body: userGrant(email.toUpperCase()) });
    expect(again.status).toBe(409);
  });

  it('guest, member (through a group) and outsider cannot share: 403, 403, 404', async () => {
    const c = await sharingCast();
    const target = await createUser();
    for (const [who, status] of [
      [c.guest, 403],
      [c.member, 403],
      [c.outsider, 404],
    ] as const) {
      const res = await api('POST', url(c.lock.id), { key: who.key, body: userGrant(target.email) });
      expect(res.status, who.email).toBe(status);
      expect(res.json.success).toBe(false);
      expect(res.json.errorMessages[0]).toMatch(/./);
    }
  });

  it('an administrator whose own access is outside its schedule cannot share: 403', async () => {
    const c = await sharingCast();
    const lateAdmin = await createUser();
    const { grantUser } = await import('../support/factories/core');
    await grantUser(c.lock.id, lateAdmin.id, 1, { weekDays: 1 << ((new Date().getUTCDay() + 2) % 7) });
    const res = await api('POST', url(c.lock.id), { key: lateAdmin.key, body: userGrant((await createUser()).email) });
    expect(res.status).toBe(403);
    expect(res.json.errorMessages[0]).toMatch(
      /^Your access to .+ is .+; it is \w+day \d\d:\d\d there, so you cannot share it now\.$/,
    );
  });

  it('refuses the owner level, levels outside 0..2, the owner, yourself, and a second access', async () => {
    const c = await sharingCast();
    const target = await createUser();
    const cases: [string, string, Record<string, unknown>, number, RegExp][] = [
      ['admin grants the owner level', c.admin.key, userGrant(target.email, { accessLevel: 2 }), 403, /above your own/],
      ['owner grants the owner level', c.owner.key, userGrant(target.email, { accessLevel: 2 }), 400, /owner level/],
      ['level 3', c.owner.key, userGrant(target.email, { accessLevel: 3 }), 400, /0 \(guest\) or 1/],
      ['level -1', c.owner.key, userGrant(target.email, { accessLevel: -1 }), 400, /0 \(guest\) or 1/],
      ['level 0.5', c.owner.key, userGrant(target.email, { accessLevel: 0.5 }), 400, /0 \(guest\) or 1/],
      ['to the owner', c.admin.key, userGrant(c.owner.email), 400, /owner of the device/],
      ['to yourself', c.admin.key, userGrant(c.admin.email.toUpperCase()), 400, /yourself/],
      ['owner to yourself', c.owner.key, userGrant(c.owner.email), 400, /yourself/],
      ['already a guest', c.owner.key, userGrant(c.guest.email), 409, /already has an access/],
    ];
    for (const [name, key, body, status, msg] of cases) {
      const res = await api('POST', url(c.lock.id), { key, body });
      expect(res.status, name).toBe(status);
      expect(res.json.errorMessages.join(' '), name).toMatch(msg);
    }
  });

  it('validates the body: weekDays 0 and 128, schedule order, missing fields, bad group', async () => {
    const c = await sharingCast();
    const target = await createUser();
    const otherOrgGroup = await createGroup((await createOrg()).id);
    const bad: [Record<string, unknown>, RegExp][] = [
      [userGrant(target.email, { weekDays: 0 }), /weekDays/],
      [userGrant(target.email, { weekDays: 128 }), /weekDays/],
      [userGrant(target.email, { startDate: '2027-01-02T00:00:00Z', endDate: '2027-01-01T00:00:00Z' }), /endDate/],
      [userGrant(target.email, { dayStartTime: '2027-01-01T08:00:00Z', dayEndTime: '2027-01-05T08:00:00Z' }), /differ/],
      [userGrant(target.email, { startDate: 'tomorrow' }), /startDate/],
      [{ principalType: 0, userEmail: target.email, accessLevel: 0 }, /remoteAccessDisabled/],
      [userGrant('not-an-email'), /userEmail/],
      [{ ...userGrant(target.email), principalType: 2 }, /principalType/],
      [{ principalType: 1, accessLevel: 0, remoteAccessDisabled: false }, /principalId/],
      [
        { principalType: 1, principalId: otherOrgGroup.id, accessLevel: 0, remoteAccessDisabled: false },
        /organization/,
      ],
      [{ principalType: 1, principalId: 'nope', accessLevel: 0, remoteAccessDisabled: false }, /principalId/],
    ];
    for (const [body, msg] of bad) {
      const res = await api('POST', url(c.lock.id), { key: c.owner.key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.errorMessages.join(' '), JSON.stringify(body)).toMatch(msg);
    }
    const list = await api('GET', url(c.lock.id), { key: c.owner.key });
    expect(list.json.result).toHaveLength(4); // nothing was half-saved
  });

  it('two grants of the same new e-mail at once: one 201, one 409, one access', async () => {
    const c = await sharingCast();
    const email = `race-${Date.now()}@test.local`;
    const results = await Promise.all(
      [0, 1].map(() => api('POST', url(c.lock.id), { key: c.owner.key, body: userGrant(email) })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const list = await api('GET', `${url(c.lock.id)}?Filters.Text=${encodeURIComponent(email)}`, { key: c.owner.key });
    expect(list.json.result).toHaveLength(1);
  });

  it('the database driver error of a duplicate access is recognised as a unique violation', async () => {
    const c = await sharingCast();
    const { grantUser } = await import('../support/factories/core');
    const { isUniqueViolation } = await import('@/db/errors');
    const err = await grantUser(c.lock.id, c.guest.id, 0).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeNull();
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
    // naming the index: only that index's refusal counts
    expect(isUniqueViolation(err, 'access_device_user_uq')).toBe(true);
    expect(isUniqueViolation(err, 'activity_device_date_uq')).toBe(false);
  });

  it('a group that already has an access is refused with 409; scopes are checked', async () => {
    const c = await sharingCast();
    const res = await api('POST', url(c.lock.id), {
      key: c.owner.key,
      body: { principalType: 1, principalId: c.group.id, accessLevel: 0, remoteAccessDisabled: false },
    });
    expect(res.status).toBe(409);
    const readOnly = await c.owner.keyWith(['DeviceShare.Read']);
    const ro = await api('POST', url(c.lock.id), { key: readOnly, body: userGrant((await createUser()).email) });
    expect(ro.status).toBe(403);
    const anon = await api('POST', url(c.lock.id), { body: userGrant('x@y.test') });
    expect(anon.status).toBe(401);
  });
});
