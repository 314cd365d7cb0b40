import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userTotp } from '@/db/schema';
import { DEVICE_SECOND_FACTOR_WORDS, SECOND_FACTOR_WORDS } from '@/lib/domain/policy/enforce';
import { AccessLevel } from '@/db/schema';
import { addOrgUser, createOrg, createUser, db, grantUser, type TestUser } from '../support/factories/core';
import { giveFactor } from '../support/factories/account';
import { createOrgLock } from '../support/factories/organization';
import { api } from '../support/router';

/**
 * The organization owner's rule "administrators need a second factor" (the policy's decideOrg):
 * while it is on, an administrator or owner without one may look but not manage, and is told
 * where to add one; members are unaffected; only the owner changes the rule.
 */
const sec = (orgId: number) => `/api/v37/organization/${orgId}/security`;
const groups = (orgId: number) => `/api/v37/organization/${orgId}/user-groups`;

async function world() {
  const org = await createOrg();
  const [owner, admin, member, outsider] = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
  await addOrgUser(org.id, owner.id, 2);
  await addOrgUser(org.id, admin.id, 1);
  await addOrgUser(org.id, member.id, 0);
  return { org, owner, admin, member, outsider };
}

/** A lock of the organization: its owner owns it, its administrator administers it, its member is a guest. */
async function orgLockForAll(w: Awaited<ReturnType<typeof world>>) {
  const lock = await createOrgLock(w.org.id);
  await grantUser(lock.id, w.owner.id, AccessLevel.owner);
  await grantUser(lock.id, w.admin.id, AccessLevel.administrator);
  await grantUser(lock.id, w.member.id, AccessLevel.guest);
  return lock;
}

describe("an organization's second-factor rule", () => {
  it('reading: any member (200), outsiders 404; off by default', async () => {
    const w = await world();
    for (const u of [w.owner, w.admin, w.member])
      expect(await api('GET', sec(w.org.id), { key: u.key })).toMatchObject({
        status: 200,
        json: { result: { requireSecondFactor: false } },
      });
    expect((await api('GET', sec(w.org.id), { key: w.outsider.key })).status).toBe(404);
    expect((await api('GET', sec(w.org.id))).status).toBe(401);
  });

  it('only the owner changes it, and turns it on only with a second factor of their own', async () => {
    const w = await world();
    expect((await api('PUT', sec(w.org.id), { key: w.admin.key, body: { requireSecondFactor: true } })).status).toBe(
      403,
    );
    expect((await api('PUT', sec(w.org.id), { key: w.member.key, body: { requireSecondFactor: true } })).status).toBe(
      403,
    );
    expect((await api('PUT', sec(w.org.id), { key: w.outsider.key, body: { requireSecondFactor: true } })).status).toBe(
      404,
    );
    expect(
      (
        await api('PUT', sec(w.org.id), {
          key: await w.owner.keyWith(['Organization.Read']),
          body: { requireSecondFactor: true },
        })
      ).status,
    ).toBe(403);
    const bare = await api('PUT', sec(w.org.id), { key: w.owner.key, body: { requireSecondFactor: true } });
    expect(bare.status).toBe(409);
    expect(bare.json.errorMessages[0]).toMatch(
      /^Add a second factor to your own account first \(Settings > Security\)/,
    );
    expect((await api('PUT', sec(w.org.id), { key: w.owner.key, body: { requireSecondFactor: 'yes' } })).status).toBe(
      400,
    );
    expect((await api('PUT', sec(w.org.id), { key: w.owner.key, body: {} })).status).toBe(400);
    await giveFactor(w.owner);
    expect(await api('PUT', sec(w.org.id), { key: w.owner.key, body: { requireSecondFactor: true } })).toMatchObject({
      status: 200,
      json: { result: { requireSecondFactor: true } },
    });
    expect((await api('GET', sec(w.org.id), { key: w.member.key })).json.result).toEqual({ requireSecondFactor: true });
  });

  it('when on: an administrator without a factor may look but not manage, and is told where to add one; with one, may', async () => {
    const w = await world();
    await giveFactor(w.owner);
    expect((await api('PUT', sec(w.org.id), { key: w.owner.key, body: { requireSecondFactor: true } })).status).toBe(
      200,
    );

    expect((await api('GET', groups(w.org.id), { key: w.admin.key })).status).toBe(200);
    const refused = await api('POST', groups(w.org.id), { key: w.admin.key, body: { name: 'Cleaners' } });
    expect(refused.status).toBe(403);
    expect(refused.json.errorMessages).toEqual([SECOND_FACTOR_WORDS]);
    expect(SECOND_FACTOR_WORDS).toContain('Settings > Security');
    // access links and webhooks are managing too
    expect((await api('GET', `/api/v37/organization/${w.org.id}/accesslink`, { key: w.admin.key })).status).toBe(403);
    expect((await api('GET', `/api/v37/organization/${w.org.id}/webhook`, { key: w.admin.key })).status).toBe(403);
    // a member is refused for the role, as before
    const member = await api('POST', groups(w.org.id), { key: w.member.key, body: { name: 'Cleaners' } });
    expect(member.status).toBe(403);
    expect(member.json.errorMessages[0]).toBe('Only organization administrators can manage user groups.');

    await giveFactor(w.admin);
    expect((await api('POST', groups(w.org.id), { key: w.admin.key, body: { name: 'Cleaners' } })).status).toBe(200);
    expect((await api('POST', groups(w.org.id), { key: w.owner.key, body: { name: 'Guards' } })).status).toBe(200);
  });

  it('an owner who later removes their factor is held to the rule too, even to turn it off (a stolen password alone changes nothing)', async () => {
    const w = await world();
    await giveFactor(w.owner);
    await api('PUT', sec(w.org.id), { key: w.owner.key, body: { requireSecondFactor: true } });
    await (await db()).delete(userTotp).where(eq(userTotp.userId, w.owner.id));
    expect((await api('POST', groups(w.org.id), { key: w.owner.key, body: { name: 'X' } })).status).toBe(403);
    const off = await api('PUT', sec(w.org.id), { key: w.owner.key, body: { requireSecondFactor: false } });
    expect(off.status).toBe(403);
    expect(off.json.errorMessages).toEqual([SECOND_FACTOR_WORDS]);
    await giveFactor(w.owner);
    expect((await api('PUT', sec(w.org.id), { key: w.owner.key, body: { requireSecondFactor: false } })).status).toBe(
      200,
    );
    expect((await api('POST', groups(w.org.id), { key: w.owner.key, body: { name: 'X' } })).status).toBe(200);
  });

  it('when on: managing a device of the organization needs a second factor too (its administrators and owner); opening and seeing do not', async () => {
    const w = await world();
    const lock = await orgLockForAll(w);
    await giveFactor(w.owner);
    expect((await api('PUT', sec(w.org.id), { key: w.owner.key, body: { requireSecondFactor: true } })).status).toBe(
      200,
    );
    const rename = (u: TestUser, revision: number, name: string, id = lock.id) =>
      api('PATCH', '/api/v37/my/lock', { key: u.key, body: { id, revision, name } });
    const grant = (u: TestUser) =>
      api('POST', `/api/v37/my/device/${lock.id}/access`, {
        key: u.key,
        body: {
          principalType: 0,
          userEmail: `invitee-${Date.now()}@test.local`,
          accessLevel: 0,
          remoteAccessDisabled: false,
          // an administrator gives nothing without an end (only the organization's owner does)
          endDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        },
      });

    const seen = await api('GET', `/api/v37/my/lock/${lock.id}`, { key: w.admin.key });
    expect(seen.status).toBe(200);
    const refused = await rename(w.admin, seen.json.result.revision, 'Renamed by admin');
    expect(refused.status).toBe(403);
    expect(refused.json.errorMessages).toEqual([DEVICE_SECOND_FACTOR_WORDS]);
    expect(DEVICE_SECOND_FACTOR_WORDS).toContain('Settings > Security');
    const share = await grant(w.admin);
    expect(share.status).toBe(403);
    expect(share.json.errorMessages).toEqual([DEVICE_SECOND_FACTOR_WORDS]);
    // a guest is refused for the level, as before
    const guest = await rename(w.member, seen.json.result.revision, 'Renamed by guest');
    expect(guest.status).toBe(403);
    expect(guest.json.errorMessages[0]).not.toBe(DEVICE_SECOND_FACTOR_WORDS);
    // the owner has a factor: manages
    expect((await rename(w.owner, seen.json.result.revision, 'Renamed by owner')).status).toBe(200);
    await giveFactor(w.admin);
    expect((await grant(w.admin)).status).toBe(201);
    // a device of no organization is not touched by any organization's rule
    const own = await createOrgLock(null);
    await grantUser(own.id, w.member.id, AccessLevel.owner);
    const mine = await api('GET', `/api/v37/my/lock/${own.id}`, { key: w.member.key });
    expect((await rename(w.member, mine.json.result.revision, 'Mine', own.id)).status).toBe(200);
  });

  it("when on: an administrator without a factor reads a device's access list as a guest does (its own and the owner's), whole with one", async () => {
    const w = await world();
    const lock = await orgLockForAll(w);
    const everyone = [w.owner.id, w.admin.id, w.member.id].sort();
    const seenBy = async (u: TestUser, query = '') => {
      const r = await api('GET', `/api/v37/my/device/${lock.id}/access${query}`, { key: u.key });
      expect(r.status).toBe(200);
      return (r.json.result as { principalId: string }[]).map((a) => a.principalId).sort();
    };
    // read once with the rule off, so a kept full list exists when the rule comes on
    expect(await seenBy(w.admin)).toEqual(everyone);
    await giveFactor(w.owner);
    expect((await api('PUT', sec(w.org.id), { key: w.owner.key, body: { requireSecondFactor: true } })).status).toBe(
      200,
    );
    const reduced = [w.owner.id, w.admin.id].sort();
    expect(await seenBy(w.admin)).toEqual(reduced);
    expect(await seenBy(w.admin, '?Filters.PrincipalType=0')).toEqual(reduced);
    expect(await seenBy(w.owner)).toEqual(everyone);
    await giveFactor(w.admin);
    expect(await seenBy(w.admin)).toEqual(everyone);
  });
});
