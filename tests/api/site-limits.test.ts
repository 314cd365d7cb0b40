import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AccessLevel, auditLog, devices, lockPins } from '@/db/schema';
import { addOrgUser, createGroup, createUser, db, grantGroup, grantUser } from '../support/factories/core';
import { aWeek, createOrgLock, orgWithCast, ownerDemotesAdmin } from '../support/factories/organization';
import { createSite } from '../support/factories/sites';
import { api } from '../support/router';

/**
 * Issue 35: an administrator limited to some sites. Their administration reaches only those
 * sites' devices (managing, handing out, the site itself), through the one policy; opening stays
 * what their access says. Only the owner sets the limit; narrowing it ends what went beyond it.
 * Each abuse below succeeds without its rule.
 */
const V = '/api/v37';
const DAY = 86_400_000;
const inAWeek = () => new Date(Date.now() + 7 * DAY).toISOString();

/** An organization with two sites, a lock in each, the owner owning both and the administrator administering both. */
async function twoBuildings() {
  const c = await orgWithCast();
  const office = await createSite(c.org.id, { name: 'Office' });
  const home = await createSite(c.org.id, { name: 'Residence' });
  const officeDoor = await createOrgLock(c.org.id, { name: 'Office door' });
  const homeDoor = await createOrgLock(c.org.id, { name: 'Home door' });
  const d = await db();
  await d.update(devices).set({ siteId: office.id }).where(eq(devices.id, officeDoor.id));
  await d.update(devices).set({ siteId: home.id }).where(eq(devices.id, homeDoor.id));
  for (const lock of [officeDoor, homeDoor]) {
    await grantUser(lock.id, c.owner.id, AccessLevel.owner);
    await grantUser(lock.id, c.admin.id, AccessLevel.administrator);
  }
  const limit = (siteIds: number[] | null, key = c.owner.key, who = c.ouIds.admin, query = '') =>
    api('PUT', `${V}/organization/${c.org.id}/user/${who}/sites${query}`, { key, body: { siteIds } });
  return { ...c, office, home, officeDoor, homeDoor, limit };
}

const pin = (key: string, lockId: number, alias: string, code: string) =>
  api('POST', `${V}/my/lock/${lockId}/pin`, { key, body: { alias, pin: code, endDate: inAWeek() } });

describe('an administrator limited to some sites', () => {
  it('the owner limits them; their profile and the audit log say so; the same limit again changes nothing', async () => {
    const c = await twoBuildings();
    const set = await c.limit([c.office.id, c.office.id]);
    expect(set.status).toBe(200);
    expect(set.json.result).toEqual({ siteIds: [c.office.id] });
    expect((await c.limit([c.office.id])).status).toBe(200);
    const profile = await api('GET', `${V}/organization/${c.org.id}/user/${c.ouIds.admin}`, { key: c.owner.key });
    expect(profile.json.result.siteIds).toEqual([c.office.id]);
    // and they read their own limit with their organizations (the portal hides what it refuses)
    const mine = await api('GET', `${V}/organization`, { key: c.admin.key });
    expect(mine.json.result.organizations[0].siteIds).toEqual([c.office.id]);
    const entries = await (await db())
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.sites'), eq(auditLog.organizationId, c.org.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0].before).toEqual({ sites: null });
    expect(entries[0].after).toEqual({ sites: ['Office'] });
    // widened: the entry names the sites before and after, by name
    expect((await c.limit([c.home.id, c.office.id])).status).toBe(200);
    const [widened] = await (await db())
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.sites'), eq(auditLog.organizationId, c.org.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(widened.before).toEqual({ sites: ['Office'] });
    expect(widened.after).toEqual({ sites: ['Office', 'Residence'] });
  });

  it("manages only their sites' doors: PINs, sharing and settings elsewhere are refused in words, opening is not", async () => {
    const c = await twoBuildings();
    await c.limit([c.office.id]);
    expect((await pin(c.admin.key, c.officeDoor.id, 'Cleaner', '730194')).status).toBe(201);
    await grantUser(c.homeDoor.id, c.member.id, AccessLevel.guest);
    const refused = await pin(c.admin.key, c.homeDoor.id, 'Cleaner', '730195');
    expect(refused.status).toBe(403);
    expect(refused.json.errorMessages[0]).toContain('limited to some of its sites, and Home door is in another one');
    const share = await api('POST', `${V}/my/device/${c.homeDoor.id}/access`, {
      key: c.admin.key,
      body: {
        principalType: 0,
        userEmail: c.member.email,
        accessLevel: 0,
        remoteAccessDisabled: false,
        endDate: inAWeek(),
      },
    });
    expect(share.status).toBe(403);
    const list = await api('GET', `${V}/my/device/${c.homeDoor.id}/access`, { key: c.admin.key });
    // the full list is a managing read: they see the owner and themselves, not the guest
    expect(list.status).toBe(200);
    expect(list.json.result.map((r: { userEmail: string }) => r.userEmail).sort()).toEqual(
      [c.owner.email, c.admin.email].sort(),
    );
    // lifted: the same PIN is theirs to make again
    expect((await c.limit(null)).status).toBe(200);
    expect((await pin(c.admin.key, c.homeDoor.id, 'Cleaner', '730196')).status).toBe(201);
    // their own access still opens the other building's door
    expect((await api('POST', `${V}/my/lock/${c.homeDoor.id}/operation/unlock`, { key: c.admin.key })).status).toBe(
      202,
    );
  });

  it('a limited member manages through an access of their own only the doors of their sites (the limit holds whatever the role)', async () => {
    const c = await twoBuildings();
    // a member who administers both doors through accesses of their own
    for (const lock of [c.officeDoor, c.homeDoor]) await grantUser(lock.id, c.member.id, AccessLevel.administrator);
    expect((await c.limit([c.office.id], c.owner.key, c.ouIds.member)).status).toBe(200);
    expect((await pin(c.member.key, c.officeDoor.id, 'Courier', '730197')).status).toBe(201);
    const refused = await pin(c.member.key, c.homeDoor.id, 'Courier', '730198');
    expect(refused.status).toBe(403);
    expect(refused.json.errorMessages[0]).toContain('Home door is in another one');
    // opening stays what the access says
    expect((await api('POST', `${V}/my/lock/${c.homeDoor.id}/operation/unlock`, { key: c.member.key })).status).toBe(
      202,
    );
  });

  it('changes only their own sites, creates none, moves devices only between them; whole-organization views are refused', async () => {
    const c = await twoBuildings();
    await c.limit([c.office.id]);
    const sites = `${V}/organization/${c.org.id}/sites`;
    const k = { key: c.admin.key };
    expect((await api('POST', sites, { ...k, body: { name: 'Annex', timeZone: 'UTC' } })).status).toBe(403);
    expect((await api('PATCH', `${sites}/${c.home.id}`, { ...k, body: { name: 'Mine now' } })).status).toBe(403);
    expect((await api('PATCH', `${sites}/${c.office.id}`, { ...k, body: { name: 'Office HQ' } })).status).toBe(204);
    expect((await api('DELETE', `${sites}/${c.home.id}`, k)).status).toBe(403);
    // pulling the other building's door into their site, or pushing theirs out, would widen their reach
    const pull = await api('POST', `${sites}/${c.office.id}/devices`, { ...k, body: { deviceIds: [c.homeDoor.id] } });
    expect(pull.status).toBe(403);
    const push = await api('POST', `${sites}/${c.home.id}/devices`, { ...k, body: { deviceIds: [c.officeDoor.id] } });
    expect(push.status).toBe(403);
    const [home] = await (await db()).select().from(devices).where(eq(devices.id, c.homeDoor.id));
    expect(home.siteId).toBe(c.home.id);
    expect((await api('GET', `${V}/organization/${c.org.id}/audit`, k)).status).toBe(403);
    expect((await api('GET', `${V}/organization/${c.org.id}/webhook`, k)).status).toBe(403);
    // every site is still listed to them (members see them all)
    expect((await api('GET', sites, k)).json.result.length).toBe(2);
    // the owner is never limited, and reaches both
    expect(
      (await api('POST', `${sites}/${c.office.id}/devices`, { key: c.owner.key, body: { deviceIds: [c.homeDoor.id] } }))
        .status,
    ).toBe(204);
  });

  it("groups and links that reach another site's doors are not theirs to change; those within their sites are", async () => {
    const c = await twoBuildings();
    await c.limit([c.office.id]);
    const groups = `${V}/organization/${c.org.id}/user-groups`;
    const k = { key: c.admin.key };
    const residents = await createGroup(c.org.id, 'Residents');
    await grantGroup(c.homeDoor.id, residents.id, AccessLevel.guest);
    const staff = await createGroup(c.org.id, 'Staff');
    await grantGroup(c.officeDoor.id, staff.id, AccessLevel.guest, { endDate: new Date(Date.now() + 7 * DAY) });
    const members = (g: { id: string }, method: 'POST' | 'DELETE') =>
      api(method, `${groups}/${g.id}/members`, { ...k, body: { organizationUserIds: [c.ouIds.member] } });
    // taking a resident out would end their way into the residence: refused, and nothing changes
    await api('POST', `${groups}/${residents.id}/members`, {
      key: c.owner.key,
      body: { organizationUserIds: [c.ouIds.member] },
    });
    const out = await members(residents, 'DELETE');
    expect(out.status).toBe(403);
    expect(out.json.errorMessages[0]).toContain('the group Residents reaches doors of another one');
    expect((await api('PUT', `${groups}/${residents.id}`, { ...k, body: { name: 'Mine' } })).status).toBe(403);
    expect((await api('DELETE', `${groups}/${residents.id}`, k)).status).toBe(403);
    const still = await api('GET', `${groups}/${residents.id}/members`, { key: c.owner.key });
    expect(still.json.result.totalCount).toBe(1);
    // their own building's group is theirs
    expect((await members(staff, 'POST')).status).toBe(207);
    expect((await api('DELETE', `${groups}/${staff.id}`, k)).status).toBe(204);
    // a link the owner made for the residence: they read it, but neither change nor delete it
    const links = `${V}/organization/${c.org.id}/accesslink`;
    const made = await api('POST', links, {
      key: c.owner.key,
      body: { name: 'Babysitter', deviceIds: [c.homeDoor.id], repeatEvent: aWeek() },
    });
    expect(made.status).toBe(201);
    const link = `${links}/${made.json.result.id}`;
    expect((await api('GET', link, k)).status).toBe(200);
    expect((await api('PATCH', link, { ...k, body: { description: 'Changed' } })).status).toBe(403);
    expect((await api('DELETE', link, k)).status).toBe(403);
    expect((await api('GET', link, { key: c.owner.key })).status).toBe(200);
  });

  it("removes nobody who opens another site's doors; someone of their own site's doors, yes", async () => {
    const c = await twoBuildings();
    await c.limit([c.office.id]);
    const remove = (ou: number) =>
      api('DELETE', `${V}/organization/${c.org.id}/user/byorganizationuserid/${ou}`, { key: c.admin.key });
    await grantUser(c.homeDoor.id, c.member.id, AccessLevel.guest);
    const refused = await remove(c.ouIds.member);
    expect(refused.status).toBe(403);
    expect(refused.json.errorMessages[0]).toContain('reaches doors of another one');
    const profile = await api('GET', `${V}/organization/${c.org.id}/user/${c.ouIds.member}`, { key: c.owner.key });
    expect(profile.status).toBe(200);
    const staff = await createUser();
    const staffOu = await addOrgUser(c.org.id, staff.id, 0);
    await grantUser(c.officeDoor.id, staff.id, AccessLevel.guest);
    expect((await remove(staffOu)).status).toBe(201);
  });

  it('only the owner sets a limit, never on the owner; ids must be sites of this organization', async () => {
    const c = await twoBuildings();
    expect((await c.limit([c.office.id], c.admin.key, c.ouIds.member)).status).toBe(403);
    expect((await c.limit([c.office.id], c.member.key, c.ouIds.admin)).status).toBe(403);
    expect((await c.limit([c.office.id], c.outsider.key, c.ouIds.admin)).status).toBe(404);
    const self = await c.limit([c.office.id], c.owner.key, c.ouIds.owner);
    expect(self.status).toBe(403);
    const otherOrgSite = await createSite(c.other.id, { name: 'Elsewhere' });
    const foreign = await c.limit([c.office.id, otherOrgSite.id]);
    expect(foreign.status).toBe(400);
    expect(foreign.json.errorMessages[0]).toContain(`${otherOrgSite.id} is not a site of this organization`);
    expect(
      (await api('PUT', `${V}/organization/${c.org.id}/user/${c.ouIds.admin}/sites`, { key: c.owner.key, body: {} }))
        .status,
    ).toBe(400);
    const profile = await api('GET', `${V}/organization/${c.org.id}/user/${c.ouIds.admin}`, { key: c.owner.key });
    expect(profile.json.result.siteIds).toBeNull();
  });

  it('a member is limited too, and lowering an administrator to member keeps the limit (no widening by demotion)', async () => {
    const c = await twoBuildings();
    await c.limit([c.office.id]);
    expect((await ownerDemotesAdmin(c)).status).toBe(200);
    // still an administrator of the door by their access, still limited
    expect((await pin(c.admin.key, c.homeDoor.id, 'Late', '730197')).status).toBe(403);
    expect((await pin(c.admin.key, c.officeDoor.id, 'Early', '730198')).status).toBe(201);
  });

  it('a door moved out of their sites takes with it what they handed out on it', async () => {
    const c = await twoBuildings();
    await c.limit([c.office.id]);
    expect((await pin(c.admin.key, c.officeDoor.id, 'Cleaner', '730203')).status).toBe(201);
    const moved = await api('POST', `${V}/organization/${c.org.id}/sites/${c.home.id}/devices`, {
      key: c.owner.key,
      body: { deviceIds: [c.officeDoor.id] },
    });
    expect(moved.status).toBe(204);
    const [p] = await (await db()).select().from(lockPins).where(eq(lockPins.deviceId, c.officeDoor.id));
    expect(p.endDate!.getTime()).toBeLessThanOrEqual(Date.now());
    // moved back and forth again, nothing more ends (a repeated move is harmless)
    expect(
      (
        await api('POST', `${V}/organization/${c.org.id}/sites/${c.home.id}/devices`, {
          key: c.owner.key,
          body: { deviceIds: [c.officeDoor.id] },
        })
      ).status,
    ).toBe(204);
  });

  it('ownership handed to a limited administrator ends their limit: the owner reaches every site', async () => {
    const c = await twoBuildings();
    await c.limit([c.office.id]);
    const handed = await api('POST', `${V}/organization/${c.org.id}/transferownership`, {
      key: c.owner.key,
      body: { organizationUserId: c.ouIds.admin },
    });
    expect(handed.status).toBe(204);
    const profile = await api('GET', `${V}/organization/${c.org.id}/user/${c.ouIds.admin}`, { key: c.admin.key });
    expect(profile.json.result.siteIds).toBeNull();
    expect((await pin(c.admin.key, c.homeDoor.id, 'Owner now', '730202')).status).toBe(201);
  });

  it('narrowing ends what they handed out beyond the new reach, unless the owner keeps it', async () => {
    const c = await twoBuildings();
    expect((await pin(c.admin.key, c.homeDoor.id, 'Nanny', '730199')).status).toBe(201);
    expect((await pin(c.admin.key, c.officeDoor.id, 'Cleaner', '730200')).status).toBe(201);
    expect((await c.limit([c.office.id])).status).toBe(200);
    // the PIN outside their reach ended with the change (the lock is told after the commit); the other stays
    const mine = await (await db())
      .select({ alias: lockPins.alias, endDate: lockPins.endDate })
      .from(lockPins)
      .where(eq(lockPins.createdBy, c.admin.id));
    const ended = (alias: string) => mine.find((p) => p.alias === alias)!.endDate!.getTime() <= Date.now();
    expect(ended('Nanny')).toBe(true);
    expect(ended('Cleaner')).toBe(false);
    const [entry] = await (await db())
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'grant.end'), eq(auditLog.targetId, c.admin.id)));
    expect(JSON.stringify(entry.after)).toContain('PIN Nanny');

    const k = await twoBuildings();
    expect((await pin(k.admin.key, k.homeDoor.id, 'Nanny', '730201')).status).toBe(201);
    expect((await k.limit([k.office.id], k.owner.key, k.ouIds.admin, '?keepGrants=true')).status).toBe(200);
    const [kept] = await (await db()).select().from(lockPins).where(eq(lockPins.deviceId, k.homeDoor.id));
    expect(kept.createdBy).toBe(k.owner.id);
  });
});
