import { generateKeyPairSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import { setConfig } from '@/tests/support/config';
import { AccessLevel, accessLinks, deviceAccess, organizationUsers, simExternalGates } from '@/db/schema';
import { enqueueWebhookEvent } from '@/lib/domain/webhooks/outbox';
import { recordActivity } from '@/lib/domain/activity/record';
import { hardware } from '../support/bridges';
import { api } from '../support/router';
import { createKeyFor } from '../support/factories/account';
import { accessGivenAt, sharingCast } from '../support/factories/access';
import {
  addOrgUser,
  createGroup,
  createUser,
  db,
  grantGroup,
  grantUser,
  lockWithCast,
  type TestUser,
} from '../support/factories/core';
import { activityOf, deviceRow, liveCertificates } from '../support/factories/devices';
import { aWeek, createGate, createOrgLock, orgWithCast } from '../support/factories/organization';
import { insertPins } from '../support/factories/pins';
import { activeWindow, outsideWindow } from '../support/factories/schedule';
import { createSubscription, deliveriesOf, passFor, startReceiver } from '../support/factories/webhooks';

/**
 * The door policy (lib/domain/policy, docs/security.md): each case here is one way a side path let
 * the wrong person open a door or learn about it, tried as an attacker would, and refused.
 */
const HOUR = 3_600_000;
const simDevice = (key: string, id: number, body: unknown) => api('POST', `/api/sim/device/${id}`, { key, body });
const keypad = (key: string, id: number, pin: string) =>
  api('POST', `/api/sim/lock/${id}/keypad`, { key, body: { pin } });
const links = (orgId: number) => `/api/v37/organization/${orgId}/accesslink`;
const guestIp = () => ({
  'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
});

describe('the simulator control plane stands in for the hardware', () => {
  it('does not exist unless SIM_CONTROL=1 is set explicitly (404 on every route)', async () => {
    const { owner, lock } = await lockWithCast();
    // any other value stops the server at start (lib/config/schema.ts)
    for (const value of ['true', 'yes'])
      expect(() => parseConfig({ SIM_CONTROL: value })).toThrow(/^SIM_CONTROL must be 1/);
    for (const value of [undefined, '', '0']) {
      setConfig({ SIM_CONTROL: value });
      expect((await simDevice(owner.key, lock.id, { action: 'bell' })).status, String(value)).toBe(404);
      expect((await api('GET', `/api/sim/device/${lock.id}`, { key: owner.key })).status).toBe(404);
      expect((await keypad(owner.key, lock.id, '729104')).status).toBe(404);
      expect((await api('GET', '/api/sim/gate', { key: owner.key })).status).toBe(404);
      expect(
        (await api('POST', '/api/sim/gate', { key: owner.key, body: { action: 'remove', externalId: 'x' } })).status,
      ).toBe(404);
    }
  });

  it('a guest cannot press the knob (remote disabled or outside the window), arm a fault, or ring: only the owner and active administrators drive it', async () => {
    const { owner, admin, guest, lock } = await lockWithCast();
    const [remoteOff, offHours, adminOffHours] = await Promise.all([createUser(), createUser(), createUser()]);
    await grantUser(lock.id, remoteOff.id, AccessLevel.guest, { remoteAccessDisabled: true });
    await grantUser(lock.id, offHours.id, AccessLevel.guest, { weekDays: 31, ...outsideWindow() });
    await grantUser(lock.id, adminOffHours.id, AccessLevel.administrator, outsideWindow());
    const knob = { action: 'press', how: 'knob', operation: 'unlock' };
    for (const u of [guest, remoteOff, offHours, adminOffHours]) {
      expect((await simDevice(u.key, lock.id, knob)).status).toBe(403);
      expect((await simDevice(u.key, lock.id, { action: 'fault', fault: 'jam' })).status).toBe(403);
      expect((await api('GET', `/api/sim/device/${lock.id}`, { key: u.key })).status).toBe(403);
    }
    expect((await deviceRow(lock.id)).state).toBe(6); // still locked
    expect(hardware.lock(lock.id)!.fault).toBeNull();
    expect(await activityOf(lock.id)).toEqual([]);
    expect((await simDevice(admin.key, lock.id, knob)).status).toBe(200);
    expect((await simDevice(owner.key, lock.id, { action: 'press', how: 'knob', operation: 'lock' })).status).toBe(200);
  });

  it('the external gate system: someone with no gate can neither add nor remove gates; a gate’s owner can', async () => {
    const nobody = await createUser();
    const { owner, guest } = await lockWithCast();
    const gate = await createGate(null);
    await grantUser(gate.id, owner.id, AccessLevel.owner);
    await grantUser(gate.id, guest.id, AccessLevel.guest);
    const add = { action: 'add', externalId: `EXT-NEW-${Date.now()}`, name: 'Side gate' };
    expect((await api('POST', '/api/sim/gate', { key: nobody.key, body: add })).status).toBe(403);
    expect(
      (await api('POST', '/api/sim/gate', { key: nobody.key, body: { action: 'remove', externalId: gate.externalId } }))
        .status,
    ).toBe(404);
    expect(
      (await api('POST', '/api/sim/gate', { key: guest.key, body: { action: 'remove', externalId: gate.externalId } }))
        .status,
    ).toBe(403);
    expect((await api('GET', '/api/sim/gate', { key: nobody.key })).json.result).toEqual([]);
    const d = await db();
    expect(await d.select().from(simExternalGates).where(eq(simExternalGates.externalId, add.externalId))).toEqual([]);
    expect(
      await d.select().from(simExternalGates).where(eq(simExternalGates.externalId, gate.externalId!)),
    ).toHaveLength(1);
    expect((await api('POST', '/api/sim/gate', { key: owner.key, body: add })).status).toBe(200);
    expect(
      (await api('POST', '/api/sim/gate', { key: owner.key, body: { action: 'remove', externalId: gate.externalId } }))
        .status,
    ).toBe(200);
  });
});

describe('the keypad locks out after five wrong PINs', () => {
  it('25 wrong PINs: five are checked (62 each) and lock it for 60 s (20007); the rest and then the right PIN are ignored', async () => {
    const { owner, lock } = await lockWithCast();
    await insertPins(lock.id, [{ value: '729104', alias: 'Cleaner' }]);
    const answers = [];
    for (let i = 0; i < 25; i++)
      answers.push((await keypad(owner.key, lock.id, `11122${String(i).padStart(2, '0')}`)).json.result);
    expect(answers.slice(0, 5).map((a) => a.event)).toEqual([62, 62, 62, 62, 62]);
    expect(answers.slice(5).every((a) => a.event === null && a.unlocked === false)).toBe(true);
    const until = Date.parse(answers[4].lockedOutUntil);
    expect(until - Date.now()).toBeGreaterThan(50_000);
    expect(until - Date.now()).toBeLessThanOrEqual(60_000);
    const right = (await keypad(owner.key, lock.id, '729104')).json.result;
    expect(right).toMatchObject({ event: null, unlocked: false });
    expect((await deviceRow(lock.id)).state).toBe(6);
    expect((await activityOf(lock.id)).map((a) => a.event)).toEqual([62, 62, 62, 62, 62, 20007]);
  });

  it('once the lockout ends the right PIN opens and resets it; a further run doubles the lockout', async () => {
    const { owner, lock } = await lockWithCast();
    await insertPins(lock.id, [{ value: '729104', alias: 'Cleaner' }]);
    // the keypad is the lock's: its lockout ends as if the time had passed
    const pad = hardware.lock(lock.id)!.keypad;
    for (let i = 0; i < 5; i++) await keypad(owner.key, lock.id, '5550001');
    pad.lockedUntil = Date.now() - 1000;
    let last;
    for (let i = 0; i < 5; i++) last = (await keypad(owner.key, lock.id, '5550001')).json.result;
    expect(Date.parse(last.lockedOutUntil) - Date.now()).toBeGreaterThan(110_000); // 120 s: doubled
    pad.lockedUntil = Date.now() - 1000;
    expect((await keypad(owner.key, lock.id, '729104')).json.result).toEqual({
      event: 61,
      unlocked: true,
      lockedOutUntil: null,
    });
    expect(pad).toMatchObject({ failures: 0, runs: 0 });
  });

  it('entries at once are counted one by one in the database: eight together give five 62s and one lockout', async () => {
    const { owner, lock } = await lockWithCast();
    const answers = await Promise.all(Array.from({ length: 8 }, () => keypad(owner.key, lock.id, '5550002')));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const events = (await activityOf(lock.id)).map((a) => a.event);
    expect(events.filter((e) => e === 62)).toHaveLength(5);
    expect(events.filter((e) => e === 20007)).toHaveLength(1);
  });
});

describe('access links give no more than their maker could use', () => {
  async function linkCast() {
    const c = await orgWithCast();
    const lock = await createOrgLock(c.org.id, { name: 'Office' });
    await grantUser(lock.id, c.owner.id, AccessLevel.owner);
    return { ...c, lock };
  }
  const create = (c: { org: { id: number } }, key: string, deviceIds: number[], repeatEvent: unknown = aWeek()) =>
    api('POST', links(c.org.id), { key, body: { name: 'Door for the plumber', deviceIds, repeatEvent } });

  it('an administrator outside their schedule (API unlock 403) cannot put the lock on a link; nothing is saved', async () => {
    const c = await linkCast();
    await grantUser(c.lock.id, c.admin.id, AccessLevel.administrator, { weekDays: 64, ...outsideWindow() });
    expect((await api('POST', `/api/v37/my/lock/${c.lock.id}/operation/unlock`, { key: c.admin.key })).status).toBe(
      403,
    );
    const res = await create(c, c.admin.key, [c.lock.id]);
    expect(res.status).toBe(403);
    expect(res.json.errorMessages[0]).toMatch(
      /^Your access to Office is .+ so you cannot put it on an access link now\.$/,
    );
    expect(await (await db()).select().from(accessLinks).where(eq(accessLinks.organizationId, c.org.id))).toEqual([]);
  });

  it('an administrator without remote opening, or without any access to the device, cannot put it on a link', async () => {
    const c = await linkCast();
    await grantUser(c.lock.id, c.admin.id, AccessLevel.administrator, { remoteAccessDisabled: true });
    expect((await create(c, c.admin.key, [c.lock.id])).status).toBe(403);
    const notTheirs = await createOrgLock(c.org.id);
    const res = await create(c, c.admin.key, [notTheirs.id]);
    expect(res.status).toBe(400);
    expect(res.json.errorMessages[0]).toContain(String(notTheirs.id));
  });

  it('a link without an end is for the organization owner only', async () => {
    const c = await linkCast();
    await grantUser(c.lock.id, c.admin.id, AccessLevel.administrator);
    const res = await create(c, c.admin.key, [c.lock.id], null);
    expect(res.status).toBe(403);
    expect(res.json.errorMessages[0]).toMatch(/without an end/);
    expect((await create(c, c.admin.key, [c.lock.id])).status).toBe(201);
    expect((await create(c, c.owner.key, [c.lock.id], null)).status).toBe(201);
  });

  it('stops opening once its maker may no longer open the door (and the guest page says so); opens again when they may', async () => {
    const c = await linkCast();
    const adminAccess = await grantUser(c.lock.id, c.admin.id, AccessLevel.administrator);
    const made = await create(c, c.admin.key, [c.lock.id]);
    const token = made.json.result.url.split('/link/')[1];
    const d = await db();
    await d.update(deviceAccess).set(outsideWindow()).where(eq(deviceAccess.id, adminAccess.id));
    const page = await api('GET', `/api/v37/link/${token}`, { headers: guestIp() });
    expect(page.json.result.devices).toMatchObject([{ id: c.lock.id, canOpen: false }]);
    const refused = await api('POST', `/api/v37/link/${token}/device/${c.lock.id}/open`, { headers: guestIp() });
    expect(refused.status).toBe(403);
    expect(refused.json.errorMessages[0]).toBe('This link cannot open Office right now. Ask the person who sent it.');
    await d
      .update(deviceAccess)
      .set({ dayStartTime: null, dayEndTime: null })
      .where(eq(deviceAccess.id, adminAccess.id));
    expect((await api('POST', `/api/v37/link/${token}/device/${c.lock.id}/open`, { headers: guestIp() })).status).toBe(
      202,
    );
    // the maker loses the access altogether: the link is dead for that door
    await d.delete(deviceAccess).where(eq(deviceAccess.id, adminAccess.id));
    expect((await api('POST', `/api/v37/link/${token}/device/${c.lock.id}/open`, { headers: guestIp() })).status).toBe(
      403,
    );
  });

  it('another administrator may narrow a link and add doors they manage, but not doors they do not, nor widen it to no end', async () => {
    const c = await linkCast();
    await grantUser(c.lock.id, c.admin.id, AccessLevel.administrator);
    const made = (await create(c, c.admin.key, [c.lock.id])).json.result;
    const other = await createUser();
    await addOrgUser(c.org.id, other.id, 1);
    await grantUser(c.lock.id, other.id, AccessLevel.administrator);
    const theirs = await createOrgLock(c.org.id);
    await grantUser(theirs.id, other.id, AccessLevel.administrator);
    const patch = (body: unknown) => api('PATCH', `${links(c.org.id)}/${made.id}`, { key: other.key, body });
    const narrower = {
      startDate: new Date(Date.now() - 60_000).toISOString(),
      endDate: new Date(Date.now() + HOUR).toISOString(),
    };
    expect((await patch({ repeatEvent: narrower })).status).toBe(200);
    expect((await patch({ repeatEvent: null })).status).toBe(403);
    expect((await patch({ deviceIds: [c.lock.id, theirs.id] })).status).toBe(200);
    const notManaged = await createOrgLock(c.org.id);
    expect((await patch({ deviceIds: [c.lock.id, notManaged.id] })).status).toBe(400);
  });
});

describe('PINs need an owner or administrator whose access is active now', () => {
  it('an administrator outside their schedule cannot list PINs, read a value, or create, change or delete one', async () => {
    const { owner, lock } = await lockWithCast();
    const admin = await createUser();
    await grantUser(lock.id, admin.id, AccessLevel.administrator, outsideWindow());
    const [pinId] = await insertPins(lock.id, [{ value: '729104', alias: 'Cleaner' }]);
    const base = `/api/v37/my/lock/${lock.id}/pin`;
    const body = { alias: 'Forever', pin: '583920' };
    for (const [method, url, b] of [
      ['GET', base, undefined],
      ['GET', `${base}?listVersion=1`, undefined],
      ['GET', `${base}/${pinId}`, undefined],
      ['POST', base, body],
      ['PUT', `${base}/${pinId}`, body],
      ['DELETE', `${base}/${pinId}`, undefined],
    ] as const) {
      const r = await api(method, url, { key: admin.key, body: b });
      expect(r.status, `${method} ${url}`).toBe(403);
      expect(r.text).not.toContain('729104');
    }
    expect((await api('GET', `${base}/${pinId}`, { key: owner.key })).json.result.pin).toBe('729104');
  });
});

describe('offline certificates never outlive the access that justified them', () => {
  const phoneKey = () =>
    Buffer.from(generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x as string, 'base64url').toString(
      'base64',
    );
  async function phone(u: TestUser) {
    return (await api('POST', '/api/v37/my/mobile', { key: u.key, body: { name: 'Phone', publicKey: phoneKey() } }))
      .json.result.id as number;
  }
  const cert = (u: TestUser | string, mobileId: number, deviceId: number) =>
    api('GET', `/api/v37/my/devicecertificate/getformobile?mobileId=${mobileId}&deviceId=${deviceId}`, {
      key: typeof u === 'string' ? u : u.key,
    });

  it('none outside the access’s window; inside, it ends with today’s window and carries the schedule', async () => {
    const { lock } = await lockWithCast();
    const [off, on] = await Promise.all([createUser(), createUser()]);
    await grantUser(lock.id, off.id, AccessLevel.guest, outsideWindow());
    const w = activeWindow();
    await grantUser(lock.id, on.id, AccessLevel.guest, { ...w, weekDays: 127 });
    const refused = await cert(off, await phone(off), lock.id);
    expect(refused.status).toBe(403);
    expect(refused.json.errorMessages[0]).toMatch(/so you cannot get an offline key for it now/);
    const ok = await cert(on, await phone(on), lock.id);
    expect(ok.status).toBe(200);
    // the end of today's window, to the minute the window is kept in
    const end = Math.floor(w.dayEndTime.getTime() / 60_000) * 60_000;
    expect(Date.parse(ok.json.result.expirationDate)).toBe(end);
    expect(ok.json.result).toMatchObject({
      timeZone: 'Europe/Warsaw',
      weekDays: 127,
      dayStartTime: expect.any(String),
      dayEndTime: expect.any(String),
      remoteAccessDisabled: false,
    });
  });

  it('revoked, in the same change, when the access is shortened or lowered, with the list version moved', async () => {
    const c = await sharingCast();
    const target = await createUser();
    const access = await grantUser(c.lock.id, target.id, AccessLevel.administrator);
    const m = await phone(target);
    expect((await cert(target, m, c.lock.id)).status).toBe(200);
    const version = (await deviceRow(c.lock.id)).certListVersion;
    // widening changes nothing
    expect(
      (
        await api('PUT', `/api/v37/my/device/${c.lock.id}/access/${access.id}`, {
          key: c.owner.key,
          body: { remoteAccessDisabled: false },
        })
      ).status,
    ).toBe(204);
    expect(await liveCertificates(c.lock.id, target.id)).toBe(1);
    // lowered: an administrator's certificate goes
    expect(
      (
        await api('PUT', `/api/v37/my/device/${c.lock.id}/access/${access.id}`, {
          key: c.owner.key,
          body: { accessLevel: 0 },
        })
      ).status,
    ).toBe(204);
    expect(await liveCertificates(c.lock.id, target.id)).toBe(0);
    expect((await deviceRow(c.lock.id)).certListVersion).toBe(version + 1);
    // shortened: a certificate valid for 30 days goes when the access now ends tomorrow
    expect((await cert(target, m, c.lock.id)).status).toBe(200);
    const endDate = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      (await api('PUT', `/api/v37/my/device/${c.lock.id}/access/${access.id}`, { key: c.owner.key, body: { endDate } }))
        .status,
    ).toBe(204);
    expect(await liveCertificates(c.lock.id, target.id)).toBe(0);
    // a new one lasts only until the new end
    expect((await cert(target, m, c.lock.id)).json.result.expirationDate).toBe(endDate.replace('Z', '000Z'));
  });

  it('revoked when the member leaves the group that gave the access, or the group is deleted', async () => {
    const c = await sharingCast();
    const m = await phone(c.member);
    expect((await cert(c.member, m, c.lock.id)).status).toBe(200);
    const members = `/api/v37/organization/${c.org.id}/user-groups/${c.group.id}/members`;
    expect(
      (await api('DELETE', members, { key: c.owner.key, body: { organizationUserIds: [c.memberOrgUserId] } })).status,
    ).toBe(207);
    expect(await liveCertificates(c.lock.id, c.member.id)).toBe(0);
    expect(
      (await api('POST', members, { key: c.owner.key, body: { organizationUserIds: [c.memberOrgUserId] } })).status,
    ).toBe(207);
    expect((await cert(c.member, m, c.lock.id)).status).toBe(200);
    expect(await liveCertificates(c.lock.id, c.member.id)).toBe(1);
    expect(
      (await api('DELETE', `/api/v37/organization/${c.org.id}/user-groups/${c.group.id}`, { key: c.owner.key })).status,
    ).toBe(204);
    expect(await liveCertificates(c.lock.id, c.member.id)).toBe(0);
  });

  it('revoked with the personal access key it was obtained with', async () => {
    const { guest, lock } = await lockWithCast();
    const k = await createKeyFor(guest.id);
    const m = await phone(guest);
    expect((await cert(k.key, m, lock.id)).status).toBe(200);
    expect((await cert(guest, m, lock.id)).status).toBe(200); // asked again through another key
    expect(await liveCertificates(lock.id, guest.id)).toBe(1); // the same live certificate is handed out again
    expect((await api('DELETE', `/api/v37/my/personalaccesskey/${k.id}`, { key: guest.key })).status).toBe(204);
    expect(await liveCertificates(lock.id, guest.id)).toBe(0);
  });
});

describe('nobody widens their own access through a group', () => {
  /** The sharing cast, with the administrator also in "Maintenance", whose guest access ends in a week. */
  async function maintenance() {
    const c = await sharingCast();
    const [ou] = await (await db())
      .select()
      .from(organizationUsers)
      .where(and(eq(organizationUsers.organizationId, c.org.id), eq(organizationUsers.userId, c.admin.id)));
    const group = await createGroup(c.org.id, 'Maintenance', [ou.id]);
    const groupAccess = await grantGroup(c.lock.id, group.id, AccessLevel.guest, {
      endDate: new Date(Date.now() + 7 * 86_400_000),
    });
    return { ...c, group, groupAccess };
  }

  it('an administrator in "Maintenance" cannot remove the end of its access, nor grant it another device', async () => {
    const c = await maintenance();
    const res = await api('PUT', `/api/v37/my/device/${c.lock.id}/access/${c.groupAccess.id}`, {
      key: c.admin.key,
      body: { endDate: null, accessLevel: 1 },
    });
    expect(res.status).toBe(403);
    expect(res.json.errorMessages[0]).toMatch(/You are a member of this group/);
    const [still] = await (await db()).select().from(deviceAccess).where(eq(deviceAccess.id, c.groupAccess.id));
    expect(still.endDate).not.toBeNull();
    const other = await createOrgLock(c.org.id);
    await grantUser(other.id, c.admin.id, AccessLevel.administrator);
    const grant = await api('POST', `/api/v37/my/device/${other.id}/access`, {
      key: c.admin.key,
      body: { principalType: 1, principalId: c.group.id, accessLevel: 0, remoteAccessDisabled: false },
    });
    expect(grant.status).toBe(403);
    // the owner may
    expect(
      (
        await api('PUT', `/api/v37/my/device/${c.lock.id}/access/${c.groupAccess.id}`, {
          key: c.owner.key,
          body: { endDate: null },
        })
      ).status,
    ).toBe(204);
  });

  it('an administrator cannot add themselves to a group (its accesses would become theirs); others can add them', async () => {
    const c = await orgWithCast();
    const g = await createGroup(c.org.id, 'Night shift');
    const url = `/api/v37/organization/${c.org.id}/user-groups/${g.id}/members`;
    const res = await api('POST', url, {
      key: c.admin.key,
      body: { organizationUserIds: [c.ouIds.admin, c.ouIds.member] },
    });
    expect(res.json.organizationUsers).toEqual([
      {
        organizationUserId: c.ouIds.admin,
        success: false,
        error: { code: 'OwnMembership', message: expect.stringMatching(/cannot add yourself/) },
      },
      { organizationUserId: c.ouIds.member, success: true, error: null },
    ]);
    const byOwner = await api('POST', url, { key: c.owner.key, body: { organizationUserIds: [c.ouIds.admin] } });
    expect(byOwner.json.organizationUsers).toEqual([{ organizationUserId: c.ouIds.admin, success: true, error: null }]);
  });
});

describe('who learns what', () => {
  it("a guest's webhooks carry the door's events only while the guest's access is active", async () => {
    const { lock } = await lockWithCast();
    const guest = await createUser();
    await grantUser(lock.id, guest.id, AccessLevel.guest, { ...activeWindow(), weekDays: 127 });
    const r = await startReceiver();
    try {
      const sub = await createSubscription({ url: r.url, userId: guest.id });
      const d = await db();
      await enqueueWebhookEvent(d, 'lock-status-changed', lock, { state: 2 }, new Date()); // now: inside the window
      await enqueueWebhookEvent(d, 'lock-status-changed', lock, { state: 6 }, new Date(Date.now() - 3 * HOUR)); // three hours ago: outside
      await passFor();
      expect(await deliveriesOf(sub.id)).toHaveLength(1);
      expect(r.received.map((x) => x.json.data.state)).toEqual([2]);
    } finally {
      await r.close();
    }
  });

  it('a guest reads the door’s log without PIN aliases or access-link names; an active administrator sees them', async () => {
    const { owner, admin, guest, lock } = await lockWithCast();
    const d = await db();
    await recordActivity(d, {
      deviceId: lock.id,
      event: 61,
      source: 0,
      username: 'Dog walker PIN',
      at: new Date(Date.now() - 3000),
    });
    await recordActivity(d, {
      deviceId: lock.id,
      event: 228,
      source: 1,
      username: 'Plumber link',
      accessLinkId: '00000000-0000-4000-8000-000000000001',
      at: new Date(Date.now() - 2000),
    });
    await recordActivity(d, { deviceId: lock.id, event: 35, source: 0, at: new Date(Date.now() - 1000) });
    await accessGivenAt(lock.id, new Date(Date.now() - 3600_000)); // everyone's access is older than the entries
    const names = async (key: string, url = `/api/v37/my/deviceactivity?deviceId=${lock.id}`) =>
      (await api('GET', url, { key })).json.result.map((a: any) => a.username);
    expect(await names(guest.key)).toEqual(['', '', '']);
    expect(await names(guest.key, '/api/v37/my/deviceactivity?elements=50')).toEqual(['', '', '']);
    expect(await names(admin.key)).toEqual(['', 'Plumber link', 'Dog walker PIN']);
    expect(await names(owner.key)).toEqual(['', 'Plumber link', 'Dog walker PIN']);
    const csv = await api('GET', `/api/v37/my/deviceactivity/export?deviceId=${lock.id}`, { key: guest.key });
    expect(csv.text).not.toMatch(/Dog walker|Plumber/);
    // an administrator outside their schedule reads like a guest
    const late = await createUser();
    await grantUser(lock.id, late.id, AccessLevel.administrator, outsideWindow());
    await accessGivenAt(lock.id, new Date(Date.now() - 3600_000));
    expect(await names(late.key)).toEqual(['', '', '']);
  });
});
