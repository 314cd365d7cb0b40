import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AccessLevel,
  accessLinks,
  auditLog,
  deviceAccess,
  lockPins,
  organizationInvitations,
  pinRemovals,
} from '@/db/schema';
import { issueEmailToken } from '@/lib/auth/email-tokens';
import {
  addOrgUser,
  createGroup,
  createUser,
  db,
  grantGroup,
  grantUser,
  type TestUser,
} from '../support/factories/core';
import { aWeek, createOrgLock, orgWithCast, ownerDemotesAdmin } from '../support/factories/organization';
import { activeWindow, outsideWindow } from '../support/factories/schedule';
import { api } from '../support/router';
import { hardware } from '../support/bridges';
import { sendPinRemovals } from '@/lib/domain/pins/removals';
import { giveFactor, sessionCookie } from '../support/factories/account';
import { eventually } from '../support/factories/devices';

/**
 * Issue 29: nobody hands out more than they hold, and what they handed out answers for it when
 * they lose power. Each test plays one finding of the attack and failed before its rule.
 */
const V = '/api/v37';
const DAY = 86_400_000;
const inAWeek = () => new Date(Date.now() + 7 * DAY).toISOString();
const links = (orgId: number) => `${V}/organization/${orgId}/accesslink`;
const guestAddress = { headers: { 'x-forwarded-for': '2001:db8:29::1' } };

/**
 * The lock's keypad refuses `pin` (the PIN ended and came off the lock). A removal the lock
 * refused while busy with a command (an unlock a moment before) waits in pin_removals for the PIN
 * worker's next pass: passes run here as the worker's would, until the queue of the lock is empty.
 */
async function keypadRefuses(lockId: number, ownerKey: string, pin: string) {
  await eventually(async () => {
    await sendPinRemovals(await db(), { deviceIds: [lockId] });
    return !(await (await db()).select().from(pinRemovals).where(eq(pinRemovals.deviceId, lockId))).length;
  });
  const keypad = await api('POST', `/api/sim/lock/${lockId}/keypad`, { key: ownerKey, body: { pin } });
  expect(keypad.json.result.unlocked).toBe(false);
}

/** One audit entry says what ended with the grantor's power, the PIN `alias` among it. */
async function expectGrantsEnded(grantorId: string, alias: string) {
  const entries = await (await db())
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'grant.end'), eq(auditLog.targetId, grantorId)));
  expect(entries).toHaveLength(1);
  expect(JSON.stringify(entries[0].after)).toContain(`PIN ${alias}`);
}

/** An organization with its owner on a lock, and an administrator of the organization and of the lock with `adminAccess`. */
async function frontDoor(adminAccess: Partial<typeof deviceAccess.$inferInsert> = {}) {
  const c = await orgWithCast();
  const lock = await createOrgLock(c.org.id, { name: 'Front door' });
  await grantUser(lock.id, c.owner.id, AccessLevel.owner);
  const adminRow = await grantUser(lock.id, c.admin.id, AccessLevel.administrator, adminAccess);
  return { ...c, lock, adminRow };
}

/**
 * An organization's "Garage side door" with its owner on it, and the group "Garage crew" of the
 * cast's `members` on it at `level` for 30 days.
 */
async function garageCrew(members: ('admin' | 'member')[], level: number) {
  const c = await orgWithCast();
  const lock = await createOrgLock(c.org.id, { name: 'Garage side door' });
  await grantUser(lock.id, c.owner.id, AccessLevel.owner);
  const group = await createGroup(
    c.org.id,
    'Garage crew',
    members.map((m) => c.ouIds[m]),
  );
  const groupRow = await grantGroup(lock.id, group.id, level, { endDate: new Date(Date.now() + 30 * DAY) });
  return { c, lock, group, groupRow };
}

/** `key`'s holder shares the lock with the person at `email` until a week from now (remote opening allowed). */
const shareForAWeek = (key: string, lockId: number, email: string, accessLevel: number) =>
  api('POST', `${V}/my/device/${lockId}/access`, {
    key,
    body: { principalType: 0, userEmail: email, accessLevel, remoteAccessDisabled: false, endDate: inAWeek() },
  });

/** The link ended yesterday (it ran from three days ago), as if that time had passed. */
async function endedYesterday(linkId: string) {
  await (await db())
    .update(accessLinks)
    .set({ startDate: new Date(Date.now() - 3 * DAY), endDate: new Date(Date.now() - DAY) })
    .where(eq(accessLinks.id, linkId));
}

/** The administrator moves the link to run from now until `endDate` (PATCH its repeatEvent). */
const adminMovesLink = (c: { org: { id: number }; admin: TestUser }, linkId: string, endDate: string) =>
  api('PATCH', `${links(c.org.id)}/${linkId}`, {
    key: c.admin.key,
    body: { repeatEvent: { startDate: new Date().toISOString(), endDate } },
  });

describe('a link gives no more, and shows its URL to no one, beyond what the reader holds', () => {
  it('an administrator with remote opening disabled sees the owner link listed without its URL, cannot read or send it, and cannot bring an ended link back to life', async () => {
    const c = await frontDoor({ remoteAccessDisabled: true });
    const made = await api('POST', links(c.org.id), {
      key: c.owner.key,
      body: { name: 'Courier deliveries', deviceIds: [c.lock.id], repeatEvent: aWeek() },
    });
    expect(made.status).toBe(201);
    const id = made.json.result.id as string;
    const listed = await api('GET', links(c.org.id), { key: c.admin.key });
    expect(listed.status).toBe(200);
    const mine = listed.json.result.items.find((l: { id: string }) => l.id === id);
    expect(mine).toMatchObject({ name: 'Courier deliveries', accessLinkUrl: null });
    expect(listed.text).not.toContain(made.json.result.url.split('/link/')[1]);
    expect((await api('GET', `${links(c.org.id)}/${id}`, { key: c.admin.key })).json.result.accessLinkUrl).toBeNull();
    const url = await api('GET', `${links(c.org.id)}/${id}/url`, { key: c.admin.key });
    expect(url.status).toBe(403);
    expect(url.json.errorMessages[0]).toMatch(/Remote opening is disabled for you on Front door/);
    expect(
      (await api('POST', `${links(c.org.id)}/${id}/send`, { key: c.admin.key, body: { email: 'me@elsewhere.test' } }))
        .status,
    ).toBe(403);
    // the owner still reads it
    expect((await api('GET', `${links(c.org.id)}/${id}/url`, { key: c.owner.key })).json.result.url).toBe(
      made.json.result.url,
    );
    // the link ended yesterday; the administrator moves its end to 2099: refused (reviving is granting)
    await endedYesterday(id);
    const revived = await adminMovesLink(c, id, '2099-12-31T00:00:00Z');
    expect(revived.status).toBe(403);
    const token = made.json.result.url.split('/link/')[1];
    expect((await api('POST', `${V}/link/${token}/device/${c.lock.id}/open`, guestAddress)).status).toBe(410);
  });

  it('an administrator who may open from afar revives a link only as far as they hold, and then answers for it: their access revoked, the link stops opening that door', async () => {
    const end = new Date(Date.now() + 30 * DAY);
    const c = await frontDoor({ endDate: end });
    const made = await api('POST', links(c.org.id), {
      key: c.owner.key,
      body: { name: 'Plumber', deviceIds: [c.lock.id], repeatEvent: aWeek() },
    });
    const id = made.json.result.id as string;
    await endedYesterday(id);
    const beyond = await adminMovesLink(c, id, '2099-12-31T00:00:00Z');
    expect(beyond.status).toBe(403);
    expect(beyond.json.errorMessages[0]).toMatch(/days or hours your own access/);
    const within = await adminMovesLink(c, id, inAWeek());
    expect(within.status).toBe(200);
    const [row] = await (await db()).select().from(accessLinks).where(eq(accessLinks.id, id));
    expect(row.createdBy).toBe(c.admin.id);
    const token = made.json.result.url.split('/link/')[1];
    expect((await api('POST', `${V}/link/${token}/device/${c.lock.id}/open`, guestAddress)).status).toBe(202);
    // the owner revokes the administrator: the door they answered for leaves the link
    expect(
      (await api('DELETE', `${V}/my/device/${c.lock.id}/access/${c.adminRow.id}`, { key: c.owner.key })).status,
    ).toBe(204);
    const open = await api('POST', `${V}/link/${token}/device/${c.lock.id}/open`, {
      headers: { 'x-forwarded-for': '2001:db8:29::2' },
    });
    expect(open.status).toBe(404);
  });
});

describe('an administrator grants nothing beyond their own access', () => {
  it('one restricted by a schedule cannot make a PIN without one, nor give a second account unrestricted access; inside their schedule they can', async () => {
    const window = activeWindow();
    const c = await frontDoor({ ...window, weekDays: 127, endDate: new Date(Date.now() + 30 * DAY) });
    const second = await createUser();
    const pin = (body: Record<string, unknown>) =>
      api('POST', `${V}/my/lock/${c.lock.id}/pin`, {
        key: c.admin.key,
        body: { alias: 'Mine', pin: '480213', ...body },
      });
    const unscheduled = await pin({ endDate: inAWeek() });
    expect(unscheduled.status).toBe(403);
    expect(unscheduled.json.errorMessages[0]).toMatch(/nobody hands out more than they hold/);
    expect((await pin({})).status).toBe(403); // without an end: the organization owner's alone
    const share = (body: Record<string, unknown>) =>
      api('POST', `${V}/my/device/${c.lock.id}/access`, {
        key: c.admin.key,
        body: { principalType: 0, userEmail: second.email, accessLevel: 1, remoteAccessDisabled: false, ...body },
      });
    expect((await share({ endDate: inAWeek() })).status).toBe(403);
    const scheduled = {
      endDate: inAWeek(),
      dayStartTime: window.dayStartTime.toISOString(),
      dayEndTime: window.dayEndTime.toISOString(),
    };
    expect((await pin(scheduled)).status).toBe(201);
    expect((await share(scheduled)).status).toBe(201);
  });

  it('an administrator outside their hours hands out nothing, and reads no PIN value', async () => {
    const c = await frontDoor({ ...outsideWindow(), endDate: new Date(Date.now() + 30 * DAY) });
    const [p] = await (await db())
      .insert(lockPins)
      .values({
        deviceId: c.lock.id,
        alias: 'Cleaner',
        valueCiphertext: 'x',
        valueHmac: `h-${Date.now()}`,
        endDate: new Date(Date.now() + DAY),
      })
      .returning();
    expect((await api('GET', `${V}/my/lock/${c.lock.id}/pin/${p.id}`, { key: c.admin.key })).status).toBe(403);
  });

  it('nobody adds a member to a group whose doors they do not hold, nor invites into it', async () => {
    const c = await frontDoor({ remoteAccessDisabled: true, endDate: new Date(Date.now() + 30 * DAY) });
    const group = await createGroup(c.org.id, 'Storage room crew');
    await grantGroup(c.lock.id, group.id, AccessLevel.guest, { endDate: new Date(Date.now() + 5 * DAY) });
    const add = await api('POST', `${V}/organization/${c.org.id}/user-groups/${group.id}/members`, {
      key: c.admin.key,
      body: { organizationUserIds: [c.ouIds.member] },
    });
    expect(add.status).toBe(403);
    const invite = await api('POST', `${V}/organization/${c.org.id}/user`, {
      key: c.admin.key,
      body: { email: `crew-${Date.now()}@test.local`, role: 2, groupIds: [group.id] },
    });
    expect(invite.status).toBe(403);
    // the owner may
    expect(
      (
        await api('POST', `${V}/organization/${c.org.id}/user-groups/${group.id}/members`, {
          key: c.owner.key,
          body: { organizationUserIds: [c.ouIds.member] },
        })
      ).status,
    ).toBe(207);
  });
});

describe('what a grantor handed out answers for it when they lose power', () => {
  it("the administrator's access revoked: the access they gave their second account ends, and so does their PIN; the audit log says so", async () => {
    const c = await frontDoor({ endDate: new Date(Date.now() + 30 * DAY) });
    const second = await createUser();
    const shared = await shareForAWeek(c.admin.key, c.lock.id, second.email, 1);
    expect(shared.status).toBe(201);
    const pin = await api('POST', `${V}/my/lock/${c.lock.id}/pin`, {
      key: c.admin.key,
      body: { alias: 'Side', pin: '730194', endDate: inAWeek() },
    });
    expect(pin.status).toBe(201);
    expect((await api('POST', `${V}/my/lock/${c.lock.id}/operation/unlock`, { key: second.key })).status).toBe(202);
    expect(
      (await api('DELETE', `${V}/my/device/${c.lock.id}/access/${c.adminRow.id}`, { key: c.owner.key })).status,
    ).toBe(204);
    expect((await api('POST', `${V}/my/lock/${c.lock.id}/operation/unlock`, { key: second.key })).status).toBe(404);
    await keypadRefuses(c.lock.id, c.owner.key, '730194');
    await expectGrantsEnded(c.admin.id, 'Side');
  });

  // an administrator whose door came through a group loses it in one of three ways; each must end
  // what they handed out on that door (without it, the second account and the PIN kept opening)
  const groupLosses = [
    ['taken out of the group', 'DELETE members'],
    ["the group's access to the door revoked", 'DELETE access'],
    ['the group deleted', 'DELETE group'],
  ] as const;
  it.each(groupLosses)(
    "the administrator's door came through a group, %s: the access they gave and their PIN end; the audit log says so",
    async (_how, way) => {
      const { c, lock, group, groupRow } = await garageCrew(['admin'], AccessLevel.administrator);
      const second = await createUser();
      const shared = await shareForAWeek(c.admin.key, lock.id, second.email, 0);
      expect(shared.status).toBe(201);
      const pin = await api('POST', `${V}/my/lock/${lock.id}/pin`, {
        key: c.admin.key,
        body: { alias: 'Crew', pin: '640213', endDate: inAWeek() },
      });
      expect(pin.status).toBe(201);
      expect((await api('POST', `${V}/my/lock/${lock.id}/operation/unlock`, { key: second.key })).status).toBe(202);

      const groupPath = `${V}/organization/${c.org.id}/user-groups/${group.id}`;
      const done =
        way === 'DELETE members'
          ? await api('DELETE', `${groupPath}/members`, {
              key: c.owner.key,
              body: { organizationUserIds: [c.ouIds.admin] },
            })
          : way === 'DELETE access'
            ? await api('DELETE', `${V}/my/device/${lock.id}/access/${groupRow.id}`, { key: c.owner.key })
            : await api('DELETE', groupPath, { key: c.owner.key });
      expect(done.status).toBeLessThan(300);

      expect((await api('POST', `${V}/my/lock/${lock.id}/operation/unlock`, { key: second.key })).status).toBe(404);
      const [ended] = await (await db()).select().from(lockPins).where(eq(lockPins.id, pin.json.result.id));
      expect(ended.endDate!.getTime()).toBeLessThanOrEqual(Date.now());
      await keypadRefuses(lock.id, c.owner.key, '640213');
      await expectGrantsEnded(c.admin.id, 'Crew');
    },
  );

  it('a member of the same group who handed nothing out, and what others gave, are left alone when the group loses the door', async () => {
    const { c, lock, groupRow } = await garageCrew(['admin', 'member'], AccessLevel.guest);
    const guest = await createUser();
    const byOwner = await shareForAWeek(c.owner.key, lock.id, guest.email, 0);
    expect(byOwner.status).toBe(201);
    expect((await api('DELETE', `${V}/my/device/${lock.id}/access/${groupRow.id}`, { key: c.owner.key })).status).toBe(
      204,
    );
    expect((await api('POST', `${V}/my/lock/${lock.id}/operation/unlock`, { key: guest.key })).status).toBe(202);
    const entries = await (await db()).select().from(auditLog).where(eq(auditLog.action, 'grant.end'));
    expect(entries.filter((e) => [c.admin.id, c.member.id, c.owner.id].includes(e.targetId!))).toHaveLength(0);
  });

  it('a PIN ended while its lock was out of reach comes off the lock once it is back: the keypad refuses it then', async () => {
    const c = await frontDoor({ endDate: new Date(Date.now() + 30 * DAY) });
    const pin = await api('POST', `${V}/my/lock/${c.lock.id}/pin`, {
      key: c.admin.key,
      body: { alias: 'Back', pin: '581920', endDate: inAWeek() },
    });
    expect(pin.status).toBe(201);
    const onLock = hardware.lock(c.lock.id)!;
    await onLock.link(false);
    expect(
      (await api('DELETE', `${V}/my/device/${c.lock.id}/access/${c.adminRow.id}`, { key: c.owner.key })).status,
    ).toBe(204);
    // the lock never heard: its own copy would still open the door
    expect(onLock.pins.has(pin.json.result.id)).toBe(true);
    expect(await (await db()).select().from(pinRemovals).where(eq(pinRemovals.deviceId, c.lock.id))).toHaveLength(1);
    await onLock.link(true);
    await sendPinRemovals(await db());
    expect(onLock.pins.has(pin.json.result.id)).toBe(false);
    expect(await (await db()).select().from(pinRemovals).where(eq(pinRemovals.deviceId, c.lock.id))).toHaveLength(0);
    await keypadRefuses(c.lock.id, c.owner.key, '581920');
  });

  it('kept on purpose (keepGrants=true): the grant stays and names the person who confirmed as its grantor', async () => {
    const c = await frontDoor({ endDate: new Date(Date.now() + 30 * DAY) });
    const second = await createUser();
    const shared = await shareForAWeek(c.admin.key, c.lock.id, second.email, 0);
    const revoked = await api('DELETE', `${V}/my/device/${c.lock.id}/access/${c.adminRow.id}?keepGrants=true`, {
      key: c.owner.key,
    });
    expect(revoked.status).toBe(204);
    const [kept] = await (await db()).select().from(deviceAccess).where(eq(deviceAccess.id, shared.json.id));
    expect(kept.createdBy).toBe(c.owner.id);
    expect((await api('POST', `${V}/my/lock/${c.lock.id}/operation/unlock`, { key: second.key })).status).toBe(202);
    const [entry] = await (await db())
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'grant.keep'), eq(auditLog.targetId, c.admin.id)));
    expect(entry.actorUserId).toBe(c.owner.id);
  });

  it("a removed administrator's invitations end at once, groups included: their other address cannot join through one", async () => {
    const c = await frontDoor({ endDate: new Date(Date.now() + 30 * DAY) });
    const group = await createGroup(c.org.id, 'Garage side door');
    await grantGroup(c.lock.id, group.id, AccessLevel.guest, { endDate: new Date(Date.now() + 5 * DAY) });
    const other = await createUser();
    const invited = await api('POST', `${V}/organization/${c.org.id}/user`, {
      key: c.admin.key,
      body: { email: other.email, role: 2, groupIds: [group.id] },
    });
    expect(invited.status).toBe(201);
    const token = (
      await issueEmailToken(await db(), {
        purpose: 'org-invite',
        email: other.email,
        ref: invited.json.result.invitationId,
        now: new Date(),
      })
    ).token;
    const profile = await api('GET', `${V}/organization/${c.org.id}/user/${c.ouIds.admin}`, { key: c.owner.key });
    expect(profile.json.result.removal).toMatchObject({ invitationsSent: 1 });
    const removed = await api('DELETE', `${V}/organization/${c.org.id}/user/byorganizationuserid/${c.ouIds.admin}`, {
      key: c.owner.key,
    });
    expect(removed.status).toBe(201);
    const [inv] = await (await db())
      .select()
      .from(organizationInvitations)
      .where(eq(organizationInvitations.id, invited.json.result.invitationId));
    expect(inv.withdrawnAt).not.toBeNull();
    const accept = await api('POST', `${V}/my/organization-invitation`, { key: other.key, body: { token } });
    expect(accept.status).toBe(410);
  });

  it('the removal preview lists what the person handed out, and the removal ends it by default', async () => {
    const c = await frontDoor({ endDate: new Date(Date.now() + 30 * DAY) });
    const guest = await createUser();
    await addOrgUser(c.org.id, guest.id, 0);
    await shareForAWeek(c.admin.key, c.lock.id, guest.email, 0);
    const profile = await api('GET', `${V}/organization/${c.org.id}/user/${c.ouIds.admin}`, { key: c.owner.key });
    expect(profile.json.result.removal.grantsMade).toEqual([
      { kind: 'access', name: expect.stringMatching(/^access /), deviceId: c.lock.id },
    ]);
    await api('DELETE', `${V}/organization/${c.org.id}/user/byorganizationuserid/${c.ouIds.admin}`, {
      key: c.owner.key,
    });
    expect((await api('POST', `${V}/my/lock/${c.lock.id}/operation/unlock`, { key: guest.key })).status).toBe(404);
  });

  it('an administrator made a member again: the links and memberships they gave as an administrator end with the role', async () => {
    const c = await frontDoor({ endDate: new Date(Date.now() + 30 * DAY) });
    const made = await api('POST', links(c.org.id), {
      key: c.admin.key,
      body: { name: 'Admin link', deviceIds: [c.lock.id], repeatEvent: aWeek() },
    });
    expect(made.status).toBe(201);
    // the owner's confirmation lists it before the change; another administrator is not shown it
    const person = `${V}/organization/${c.org.id}/user/${c.ouIds.admin}`;
    const preview = await api('GET', person, { key: c.owner.key });
    expect(preview.status).toBe(200);
    expect(preview.json.result.demotion).toEqual({
      grantsMade: [{ kind: 'link', name: 'link Admin link', deviceId: c.lock.id }],
    });
    const otherAdmin = await createUser();
    await addOrgUser(c.org.id, otherAdmin.id, 1);
    expect((await api('GET', person, { key: otherAdmin.key })).json.result.demotion).toBeNull();
    expect((await ownerDemotesAdmin(c)).status).toBe(200);
    const token = made.json.result.url.split('/link/')[1];
    const open = await api('POST', `${V}/link/${token}/device/${c.lock.id}/open`, {
      headers: { 'x-forwarded-for': '2001:db8:29::3' },
    });
    expect(open.status).toBe(404);
  });
});

describe("the organization's second-factor rule covers people and the reads it left open", () => {
  it('an administrator without a factor invites nobody (groups or not), renames and removes nobody, and reads neither the PIN list nor the full access list', async () => {
    const c = await frontDoor({ endDate: new Date(Date.now() + 30 * DAY) });
    await giveFactor(c.owner);
    expect(
      (
        await api('PUT', `${V}/organization/${c.org.id}/security`, {
          key: c.owner.key,
          body: { requireSecondFactor: true },
        })
      ).status,
    ).toBe(200);
    const org = `${V}/organization/${c.org.id}`;
    const invite = await api('POST', `${org}/user`, {
      key: c.admin.key,
      body: { email: `stolen-${Date.now()}@test.local`, role: 2 },
    });
    expect(invite.status).toBe(403);
    expect(invite.json.errorMessages[0]).toMatch(/second factor/);
    expect(
      (
        await api('PUT', `${org}/user/byorganizationuserid/${c.ouIds.member}`, {
          key: c.admin.key,
          body: { displayName: 'Olivia Owner' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await api('DELETE', `${org}/user/byorganizationuserid/${c.ouIds.member}`, { key: c.admin.key })).status,
    ).toBe(403);
    // leaving is never refused for it
    expect((await api('GET', `${V}/my/lock/${c.lock.id}/pin`, { key: c.admin.key })).status).toBe(403);
    const list = await api('GET', `${V}/my/device/${c.lock.id}/access`, { key: c.admin.key });
    expect(list.status).toBe(200);
    // the reduced view: the owner and their own access only
    expect(list.json.result.map((r: { principalId: string }) => r.principalId).sort()).toEqual(
      [c.owner.id, c.admin.id].sort(),
    );
    // the rule's toggle is in the audit log
    const [entry] = await (await db())
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'org.security'), eq(auditLog.organizationId, c.org.id)));
    expect(entry.after).toEqual({ requireSecondFactor: true });
    expect(
      (await api('DELETE', `${org}/user/byorganizationuserid/${c.ouIds.admin}`, { key: c.admin.key })).status,
    ).toBe(201);
  });
});

describe('the lower findings (issue 29)', () => {
  it("a lock's time zone is its owner's to change: an administrator would move every weekday schedule on it, their own included", async () => {
    const c = await frontDoor({ endDate: new Date(Date.now() + 30 * DAY) });
    const lockUrl = '/api/v37/my/lock';
    const rev = async () => (await api('GET', `${V}/my/lock/${c.lock.id}`, { key: c.owner.key })).json.result.revision;
    const byAdmin = await api('PATCH', lockUrl, {
      key: c.admin.key,
      body: { id: c.lock.id, revision: await rev(), timeZone: 'Pacific/Auckland' },
    });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.json.errorMessages[0]).toMatch(/Only the owner of Front door can change its time zone/);
    // a rename stays an administrator's
    expect(
      (await api('PATCH', lockUrl, { key: c.admin.key, body: { id: c.lock.id, revision: await rev(), name: 'Front' } }))
        .status,
    ).toBe(200);
    expect(
      (
        await api('PATCH', lockUrl, {
          key: c.owner.key,
          body: { id: c.lock.id, revision: await rev(), timeZone: 'Pacific/Auckland' },
        })
      ).status,
    ).toBe(200);
  });

  it('extending a key or widening its scopes needs the same fresh sign-in as creating one', async () => {
    const u = await createUser();
    const stale = { cookie: await sessionCookie(u, 3600, 30 * 60_000), origin: 'http://localhost:3000' };
    const made = await api('POST', `${V}/my/personalaccesskey`, {
      headers: { cookie: await sessionCookie(u), origin: 'http://localhost:3000' },
      body: { name: 'short', scopes: ['Account.Read'], validTo: new Date(Date.now() + DAY).toISOString() },
    });
    expect(made.status).toBe(201);
    const url = `${V}/my/personalaccesskey/${made.json.result.id}`;
    const longer = await api('PUT', url, {
      headers: stale,
      body: { validTo: new Date(Date.now() + 4 * 365 * DAY).toISOString() },
    });
    expect(longer.status).toBe(403);
    expect(longer.json.errorMessages[0]).toMatch(/Enter your password again/);
    expect(
      (await api('PUT', url, { headers: stale, body: { scopes: ['Account.Read', 'Device.ReadWrite'] } })).status,
    ).toBe(403);
    // renaming, or shortening it, is not making a key
    expect((await api('PUT', url, { headers: stale, body: { name: 'renamed' } })).status).toBe(204);
    const fresh = { cookie: await sessionCookie(u), origin: 'http://localhost:3000' };
    expect(
      (await api('PUT', url, { headers: fresh, body: { validTo: new Date(Date.now() + 30 * DAY).toISOString() } }))
        .status,
    ).toBe(204);
  });
});
