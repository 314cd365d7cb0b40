import { describe, expect, it } from 'vitest';
import { deviceAccess } from '@/db/schema';
import { effectiveAccess } from '@/lib/domain/access/effective';
import { requireDevice, requireOrg } from '@/lib/domain/policy/enforce';
import {
  addOrgUser,
  createGroup,
  createLock,
  createOrg,
  createUser,
  db,
  grantGroup,
  grantUser,
  type TestUser,
  ctxOf,
} from '../support/factories/core';
import { orgWithCast } from '../support/factories/organization';

/** The role rules every area relies on: effective device access and organization roles. */

/** A user in `groups` new groups of one organization. */
async function userInGroups(n: number) {
  const [u, org] = await Promise.all([createUser(), createOrg()]);
  const ou = await addOrgUser(org.id, u.id);
  const groups = await Promise.all(Array.from({ length: n }, () => createGroup(org.id, undefined, [ou])));
  return { u, org, groups };
}

const levelOf = async (u: TestUser, deviceId: number, now = new Date()) =>
  (await effectiveAccess(await db(), u.id, now, [deviceId])).get(deviceId);

describe('effectiveAccess', () => {
  it('a direct user access wins over a higher group access', async () => {
    const { u, groups } = await userInGroups(1);
    const lock = await createLock();
    await grantGroup(lock.id, groups[0].id, 1);
    await grantUser(lock.id, u.id, 0);
    expect(await levelOf(u, lock.id)).toMatchObject({ accessLevel: 0, via: 'user', groupId: null });
  });

  it('without a direct access, the highest level among the user’s groups', async () => {
    const { u, groups } = await userInGroups(3);
    const lock = await createLock();
    await grantGroup(lock.id, groups[0].id, 0);
    await grantGroup(lock.id, groups[1].id, 1);
    await grantGroup(lock.id, groups[2].id, 0);
    expect(await levelOf(u, lock.id)).toMatchObject({ accessLevel: 1, via: 'group', groupId: groups[1].id });
  });

  it('a group the user is not in gives nothing; neither does a pending e-mail access', async () => {
    const { org } = await userInGroups(0);
    const u = await createUser();
    const lock = await createLock();
    const foreignGroup = await createGroup(org.id);
    await grantGroup(lock.id, foreignGroup.id, 1);
    const d = await db();
    await d.insert(deviceAccess).values({ deviceId: lock.id, principalType: 0, pendingEmail: u.email, accessLevel: 1 });
    expect(await levelOf(u, lock.id)).toBeUndefined();
  });

  it('expired and not yet started accesses give nothing; the end is exclusive', async () => {
    const now = new Date('2026-05-10T12:00:00Z');
    const u = await createUser();
    const [expired, future, endsNow, current] = await Promise.all([
      createLock(),
      createLock(),
      createLock(),
      createLock(),
    ]);
    await grantUser(expired.id, u.id, 1, { endDate: new Date('2026-05-10T11:59:00Z') });
    await grantUser(future.id, u.id, 1, { startDate: new Date('2026-05-10T12:01:00Z') });
    await grantUser(endsNow.id, u.id, 1, { endDate: now });
    await grantUser(current.id, u.id, 1, {
      startDate: new Date('2026-05-10T12:00:00Z'),
      endDate: new Date('2026-05-10T12:00:01Z'),
    });
    const all = await effectiveAccess(await db(), u.id, now);
    expect([...all.keys()].filter((id) => [expired.id, future.id, endsNow.id, current.id].includes(id))).toEqual([
      current.id,
    ]);
  });

  it('an expired direct access does not hide a group access', async () => {
    const { u, groups } = await userInGroups(1);
    const lock = await createLock();
    await grantUser(lock.id, u.id, 1, { endDate: new Date(Date.now() - 60_000) });
    await grantGroup(lock.id, groups[0].id, 0);
    expect(await levelOf(u, lock.id)).toMatchObject({ accessLevel: 0, via: 'group' });
  });

  it('the daily window is judged in the device’s zone and keeps its wall-clock time across DST', async () => {
    const u = await createUser();
    const lock = await createLock({ timeZone: 'Europe/Warsaw' });
    // 08:00-17:00 at the door, entered in winter (UTC+1)
    await grantUser(lock.id, u.id, 0, {
      dayStartTime: new Date('2026-01-15T07:00:00Z'),
      dayEndTime: new Date('2026-01-15T16:00:00Z'),
    });
    const at = async (iso: string) => (await levelOf(u, lock.id, new Date(iso)))?.activeNow;
    expect(await at('2026-01-20T15:30:00Z')).toBe(true); // 16:30 winter
    expect(await at('2026-01-20T06:30:00Z')).toBe(false); // 07:30 winter
    expect(await at('2026-07-15T06:30:00Z')).toBe(true); // 08:30 summer (UTC+2)
    expect(await at('2026-07-15T15:30:00Z')).toBe(false); // 17:30 summer, though 15:30Z is before 16:00Z
    // outside the window the access still exists (it is seen), it is just not active now
    expect(await levelOf(u, lock.id, new Date('2026-07-15T15:30:00Z'))).toMatchObject({ accessLevel: 0 });
  });

  it('a window across midnight belongs to the weekday it started on', async () => {
    const u = await createUser();
    const lock = await createLock({ timeZone: 'Europe/Warsaw' });
    // 22:00-06:00 local, Mondays only (bit 1); November is UTC+1; 2026-11-23 is a Monday
    await grantUser(lock.id, u.id, 0, {
      dayStartTime: new Date('2026-11-01T21:00:00Z'),
      dayEndTime: new Date('2026-11-01T05:00:00Z'),
      weekDays: 1,
    });
    const at = async (iso: string) => (await levelOf(u, lock.id, new Date(iso)))?.activeNow;
    expect(await at('2026-11-23T22:00:00Z')).toBe(true); // Monday 23:00
    expect(await at('2026-11-24T02:00:00Z')).toBe(true); // Tuesday 03:00, Monday's night
    expect(await at('2026-11-24T05:30:00Z')).toBe(false); // Tuesday 06:30
    expect(await at('2026-11-23T02:00:00Z')).toBe(false); // Monday 03:00 is Sunday's night
    expect(await at('2026-11-24T22:00:00Z')).toBe(false); // Tuesday 23:00
  });

  it('weekDays alone: judged by the local date, not the UTC date', async () => {
    const u = await createUser();
    const lock = await createLock({ timeZone: 'Pacific/Auckland' });
    await grantUser(lock.id, u.id, 0, { weekDays: 1 }); // Mondays
    // Sunday 2026-11-22 20:00Z is Monday 09:00 in Auckland (UTC+13)
    expect((await levelOf(u, lock.id, new Date('2026-11-22T20:00:00Z')))?.activeNow).toBe(true);
    expect((await levelOf(u, lock.id, new Date('2026-11-23T20:00:00Z')))?.activeNow).toBe(false);
  });
});

describe('requireDevice (the policy applied)', () => {
  it('unseen device -> 404 (same as a missing one); a managing action for a guest -> 403 in words; allowed -> the access', async () => {
    const [owner, guest, outsider] = await Promise.all([createUser(), createUser(), createUser()]);
    const lock = await createLock({ name: 'Back door' });
    await grantUser(lock.id, owner.id, 2);
    await grantUser(lock.id, guest.id, 0);
    await expect(requireDevice(await ctxOf(outsider), lock.id, 'see')).rejects.toMatchObject({ code: 'not_found' });
    await expect(requireDevice(await ctxOf(outsider), 2_000_000_000, 'see')).rejects.toMatchObject({
      code: 'not_found',
      message: 'Device not found.',
    });
    await expect(
      requireDevice(await ctxOf(guest), lock.id, 'managePins', { doing: 'manage PINs' }),
    ).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Only an owner or administrator of Back door can manage PINs.',
    });
    await expect(requireDevice(await ctxOf(guest), lock.id, 'open')).resolves.toMatchObject({ accessLevel: 0 });
    await expect(requireDevice(await ctxOf(owner), lock.id, 'share')).resolves.toMatchObject({ accessLevel: 2 });
  });
});

describe('requireOrg', () => {
  it('owner, administrator, member, outsider against each action', async () => {
    const c = await orgWithCast();
    type Action = Parameters<typeof requireOrg>[2];
    const want = async (u: TestUser, action: Action, opts?: { hideBelow?: boolean }) =>
      requireOrg(await ctxOf(u), c.org.id, action, opts).then(
        (m) => m.role,
        (e: { code: string }) => e.code,
      );
    expect(await want(c.owner, 'permanentLink')).toBe(2);
    expect(await want(c.admin, 'manageGroups')).toBe(1);
    expect(await want(c.admin, 'permanentLink')).toBe('forbidden');
    expect(await want(c.member, 'see')).toBe(0);
    expect(await want(c.member, 'manageGroups')).toBe('forbidden');
    expect(await want(c.member, 'manageLinks', { hideBelow: true })).toBe('not_found');
    expect(await want(c.admin, 'manageLinks', { hideBelow: true })).toBe(1);
    expect(await want(c.outsider, 'see')).toBe('not_found');
    const none = await requireOrg(await ctxOf(c.owner), 2_000_000_000, 'see').catch((e: { code: string }) => e.code);
    expect(none).toBe('not_found');
  });

  it('returns the caller’s organizationUserId', async () => {
    const c = await orgWithCast();
    expect((await requireOrg(await ctxOf(c.admin), c.org.id, 'see')).organizationUserId).toBe(c.ouIds.admin);
  });
});
