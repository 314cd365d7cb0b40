import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AccessLevel,
  auditLog,
  deviceCertificates,
  devices,
  lockdownLocks,
  lockdownSuspensions,
  mailOutbox,
  users,
} from '@/db/schema';
import { lockdownPass } from '@/lib/domain/lockdown/worker';
import { revokeCertificates } from '@/lib/domain/certificates/revoke';
import { addOrgUser, createUser, db, grantUser } from '../support/factories/core';
import { createGate, createOrgLock, orgWithCast } from '../support/factories/organization';
import { eventually, fault, outboxOf, setDevice } from '../support/factories/devices';
import { createSite } from '../support/factories/sites';
import { api } from '../support/router';
import { phoneKey } from '../support/factories/account';

/**
 * Issue 35, item 2: a lockdown. While it holds, every opening path of its doors refuses with its
 * reason (remote unlock and pull, a gate, an access link, a PIN at the keypad, a phone's offline
 * key, the simulator's knob), except for the owner and the administrators it names; its locks are
 * sent the lock command until each confirms; lifting brings back exactly what it held back. Each
 * refusal below is an abuse that succeeds without its rule.
 */
const V = '/api/v37';
const DAY = 86_400_000;
const inAWeek = () => new Date(Date.now() + 7 * DAY).toISOString();

/** An organization with the office and the residence: a lock in each, a gate at the residence, a second administrator. */
async function buildings() {
  const c = await orgWithCast({ timeZone: 'Europe/Warsaw' });
  const office = await createSite(c.org.id, { name: 'Office', timeZone: 'Europe/Warsaw' });
  const residence = await createSite(c.org.id, { name: 'Residence', timeZone: 'Europe/Warsaw' });
  const officeDoor = await createOrgLock(c.org.id, { name: 'Office door', siteId: office.id });
  const homeDoor = await createOrgLock(c.org.id, { name: 'Home door', siteId: residence.id });
  const gate = await createGate(c.org.id, { name: 'Residence gate', siteId: residence.id });
  const admin2 = await createUser();
  const admin2OuId = await addOrgUser(c.org.id, admin2.id, 1);
  for (const d of [officeDoor, homeDoor, gate]) {
    await grantUser(d.id, c.owner.id, AccessLevel.owner);
    await grantUser(d.id, c.admin.id, AccessLevel.administrator);
    await grantUser(d.id, admin2.id, AccessLevel.administrator);
    await grantUser(d.id, c.member.id, AccessLevel.guest);
  }
  const start = (key: string, body: Record<string, unknown>) =>
    api('POST', `${V}/organization/${c.org.id}/lockdowns`, { key, body });
  const lift = (key: string, id: string) => api('POST', `${V}/organization/${c.org.id}/lockdowns/${id}/lift`, { key });
  const unlock = (key: string, lockId: number) => api('POST', `${V}/my/lock/${lockId}/operation/unlock`, { key });
  return { ...c, office, residence, officeDoor, homeDoor, gate, admin2, admin2OuId, start, lift, unlock };
}

/** Runs the lockdown worker's passes (as every process's worker would) until `done`. */
async function untilWorker(done: () => Promise<boolean>) {
  await eventually(async () => {
    await lockdownPass(await db());
    return done();
  }, 10_000);
}

const keypad = (key: string, lockId: number, pin: string) =>
  api('POST', `/api/sim/lock/${lockId}/keypad`, { key, body: { pin } });

describe('a lockdown of a site', () => {
  it('refuses every opening path of its doors with the reason, the exempt aside, and lifting brings all back', async () => {
    const c = await buildings();
    // what the residence's people hold before: a PIN, a link, a phone's offline key
    const pin = await api('POST', `${V}/my/lock/${c.homeDoor.id}/pin`, {
      key: c.owner.key,
      body: { alias: 'Cleaner', pin: '730194', endDate: inAWeek() },
    });
    expect(pin.status).toBe(201);
    const link = await api('POST', `${V}/organization/${c.org.id}/accesslink`, {
      key: c.owner.key,
      body: { name: 'Plumber', description: 'Come in', deviceIds: [c.homeDoor.id], repeatEvent: null },
    });
    expect(link.status).toBe(201);
    const token = (link.json.result.url as string).split('/link/')[1];
    const mobile = await api('POST', `${V}/my/mobile`, {
      key: c.member.key,
      body: { name: 'Pixel', publicKey: phoneKey() },
    });
    const certOf = () =>
      api('GET', `${V}/my/devicecertificate/getformobile?mobileId=${mobile.json.result.id}&deviceId=${c.homeDoor.id}`, {
        key: c.member.key,
      });
    const cert = await certOf();
    expect(cert.status).toBe(200);
    const certId = cert.json.result.certificateId as number;

    const started = await c.start(c.owner.key, {
      siteId: c.residence.id,
      reason: 'Gas leak reported',
      exemptUserIds: [c.admin.id],
    });
    expect(started.status).toBe(201);
    const l = started.json.result;
    expect(l).toMatchObject({
      organizationId: c.org.id,
      siteId: c.residence.id,
      siteName: 'Residence',
      reason: 'Gas leak reported',
      exemptUserIds: [c.admin.id],
      startedBy: c.owner.id,
      liftedAt: null,
      locks: { total: 1, locked: 0, waiting: [{ deviceId: c.homeDoor.id, name: 'Home door' }] },
      suspended: { pins: 1, certificates: 1 },
    });
    // a repeated start (a retry, a second click) starts nothing twice
    const again = await c.start(c.owner.key, { siteId: c.residence.id, reason: 'Gas leak reported' });
    expect(again.status).toBe(200);
    expect(again.json.result.id).toBe(l.id);

    // the worker locks the residence's lock and takes the PIN off its keypad
    await untilWorker(async () => {
      const [row] = await (await db()).select().from(lockdownLocks).where(eq(lockdownLocks.lockdownId, l.id));
      const [s] = await (await db())
        .select()
        .from(lockdownSuspensions)
        .where(and(eq(lockdownSuspensions.lockdownId, l.id), eq(lockdownSuspensions.kind, 'pin')));
      return row.lockedAt !== null && s.onLock === 0;
    });
    const [locked] = await (await db())
      .select({ state: devices.state })
      .from(devices)
      .where(eq(devices.id, c.homeDoor.id));
    expect(locked.state).toBe(6);
    const view = await api('GET', `${V}/organization/${c.org.id}/lockdowns/${l.id}`, { key: c.member.key });
    expect(view.json.result.locks).toEqual({ total: 1, locked: 1, waiting: [] });

    // remote unlock: refused in words to a member and to an administrator it does not name
    for (const key of [c.member.key, c.admin2.key]) {
      const r = await c.unlock(key, c.homeDoor.id);
      expect(r.status).toBe(403);
      expect(r.json.errorMessages[0]).toMatch(
        /^Residence is locked down since .+ \(Warsaw time\)\. Reason: Gas leak reported\. No door of it opens until the lockdown is lifted\.$/,
      );
    }
    const pull = await api('POST', `${V}/my/lock/${c.homeDoor.id}/operation/pull`, { key: c.member.key });
    expect(pull.status).toBe(403);
    // the gate, and the simulator's knob pressed from afar
    const gate = await api('POST', `${V}/my/gate/${c.gate.id}/operation/unlock`, { key: c.admin2.key });
    expect(gate.status).toBe(403);
    expect(gate.json.errorMessages[0]).toContain('Gas leak reported');
    // the guest's link: the page says why, opening is refused and recorded
    const page = await api('GET', `${V}/link/${token}`, { headers: { 'x-forwarded-for': '10.35.0.1' } });
    expect(page.status).toBe(200);
    expect(page.json.result.lockdown).toContain('Residence is locked down');
    expect(page.json.result.devices[0]).toMatchObject({
      canOpen: false,
      closedNow: expect.stringContaining('Gas leak'),
    });
    const open = await api('POST', `${V}/link/${token}/device/${c.homeDoor.id}/open`, {
      headers: { 'x-forwarded-for': '10.35.0.1' },
    });
    expect(open.status).toBe(403);
    expect(open.json.errorMessages[0]).toContain('Gas leak reported');
    // the PIN at the keypad: the lock no longer keeps it
    expect((await keypad(c.owner.key, c.homeDoor.id, '730194')).json.result.unlocked).toBe(false);
    // no new or changed PIN while it holds, not even the owner's (it would open the keypad)
    const newPin = await api('POST', `${V}/my/lock/${c.homeDoor.id}/pin`, {
      key: c.owner.key,
      body: { alias: 'Neighbour', pin: '481516', endDate: inAWeek() },
    });
    expect(newPin.status).toBe(403);
    expect(newPin.json.errorMessages[0]).toContain('PINs cannot be added or changed until then');
    // the phone: its key revoked, no new one
    expect((await certOf()).status).toBe(403);
    const [revoked] = await (await db()).select().from(deviceCertificates).where(eq(deviceCertificates.id, certId));
    expect(revoked.revokedAt).not.toBeNull();

    // the office next door is not locked down; the owner and the named administrator still open
    expect((await c.unlock(c.member.key, c.officeDoor.id)).status).toBe(202);
    expect((await c.unlock(c.admin.key, c.homeDoor.id)).status).toBe(202);
    await eventually(async () => (await c.unlock(c.owner.key, c.homeDoor.id)).status === 202);

    // lifted by the named administrator (they administer the residence); lifting again changes nothing
    const lifted = await c.lift(c.admin.key, l.id);
    expect(lifted.status).toBe(200);
    expect(lifted.json.result).toMatchObject({ liftedBy: c.admin.id, liftedAt: expect.any(String) });
    const twice = await c.lift(c.admin.key, l.id);
    expect(twice.status).toBe(200);
    expect(twice.json.result.liftedAt).toBe(lifted.json.result.liftedAt);

    // everything works again: the PIN is back on the keypad, the phone's key unrevoked, the link opens
    await untilWorker(async () => {
      const left = await (await db())
        .select()
        .from(lockdownSuspensions)
        .where(eq(lockdownSuspensions.lockdownId, l.id));
      return left.length === 0;
    });
    const [back] = await (await db()).select().from(deviceCertificates).where(eq(deviceCertificates.id, certId));
    expect(back.revokedAt).toBeNull();
    await eventually(async () => (await keypad(c.owner.key, c.homeDoor.id, '730194')).json.result?.unlocked === true);
    await eventually(async () => (await c.unlock(c.member.key, c.homeDoor.id)).status === 202);
    const after = await api('GET', `${V}/link/${token}`, { headers: { 'x-forwarded-for': '10.35.0.2' } });
    expect(after.json.result.lockdown).toBeNull();

    // subscribers hear it: one event per door of the residence when it started, one when lifted (the office: none)
    for (const door of [c.homeDoor, c.gate]) {
      const events = (await outboxOf(door.id)).filter((e) => e.event === 'device-lockdown-changed');
      expect(events.map((e) => (e.payload as { data: { lockdown: boolean } }).data.lockdown)).toEqual([true, false]);
      expect((events[0].payload as { data: object }).data).toMatchObject({
        deviceId: door.id,
        lockdownId: l.id,
        siteId: c.residence.id,
        reason: 'Gas leak reported',
        byUserId: c.owner.id,
      });
    }
    expect((await outboxOf(c.officeDoor.id)).filter((e) => e.event === 'device-lockdown-changed')).toEqual([]);

    // the record: two audit entries in words' facts, and mail to the residence's administrators
    const entries = await (await db())
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, c.org.id), inArray(auditLog.action, ['lockdown.start', 'lockdown.lift'])));
    expect(entries.map((e) => e.action).sort()).toEqual(['lockdown.lift', 'lockdown.start']);
    const addresses = (
      await (
        await db()
      )
        .select({ email: users.email })
        .from(users)
        .where(inArray(users.id, [c.owner.id, c.admin.id, c.admin2.id]))
    ).map((u) => u.email);
    const mails = await (await db()).select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses));
    expect(mails.filter((m) => m.subject.endsWith('Lockdown: Residence'))).toHaveLength(3);
    expect(mails.filter((m) => m.subject.endsWith('Lockdown lifted: Residence'))).toHaveLength(3);
  });

  it('lists a lock that did not confirm the lock command until it does, with what went wrong', async () => {
    const c = await buildings();
    // the residence's bridge is off the network: the lock cannot be told
    const bridgeId = c.homeDoor.connectedToId!;
    await setDevice(bridgeId, { isConnected: false });
    const started = await c.start(c.owner.key, { siteId: c.residence.id, reason: 'Drill' });
    expect(started.status).toBe(201);
    const id = started.json.result.id;
    await untilWorker(async () => {
      const [row] = await (await db()).select().from(lockdownLocks).where(eq(lockdownLocks.lockdownId, id));
      return row.attempts >= 2;
    });
    // a member reads that it holds and why, but not the names of its doors or whom it lets through
    const seen = await api('GET', `${V}/organization/${c.org.id}/lockdowns?active=true`, { key: c.member.key });
    expect(seen.json.result[0]).toMatchObject({
      reason: 'Drill',
      exemptUserIds: [],
      locks: { total: 1, locked: 0, waiting: [] },
    });
    const waiting = await api('GET', `${V}/organization/${c.org.id}/lockdowns?active=true`, { key: c.admin.key });
    expect(waiting.json.result).toHaveLength(1);
    expect(waiting.json.result[0].locks).toMatchObject({
      total: 1,
      locked: 0,
      waiting: [{ deviceId: c.homeDoor.id, name: 'Home door', lastError: expect.any(String) }],
    });
    expect(waiting.json.result[0].locks.waiting[0].attempts).toBeGreaterThanOrEqual(2);
    // the first try jams once the bridge is back: named as such, then the next try locks it and it leaves the list
    await fault(c.homeDoor.id, 'jam');
    await setDevice(bridgeId, { isConnected: true });
    await untilWorker(async () => {
      const v = await api('GET', `${V}/organization/${c.org.id}/lockdowns/${id}`, { key: c.admin.key });
      return v.json.result.locks.locked === 1;
    });
    const [row] = await (await db()).select().from(lockdownLocks).where(eq(lockdownLocks.lockdownId, id));
    expect(row.lastError).toBeNull();
  });

  it('keeps a PIN off the keypad while another lockdown still holds over its door, and puts it back after the last', async () => {
    const c = await buildings();
    const pin = await api('POST', `${V}/my/lock/${c.homeDoor.id}/pin`, {
      key: c.owner.key,
      body: { alias: 'Cleaner', pin: '730194', endDate: inAWeek() },
    });
    expect(pin.status).toBe(201);
    const site = (await c.start(c.owner.key, { siteId: c.residence.id, reason: 'Gas leak reported' })).json.result;
    const whole = (await c.start(c.owner.key, { siteId: null, reason: 'Storm' })).json.result;
    const pinRows = (id: string) =>
      db().then((d) =>
        d
          .select()
          .from(lockdownSuspensions)
          .where(and(eq(lockdownSuspensions.lockdownId, id), eq(lockdownSuspensions.kind, 'pin'))),
      );
    // both take the PIN off (each its own row of it)
    await untilWorker(async () =>
      [...(await pinRows(site.id)), ...(await pinRows(whole.id))].every((s) => s.onLock === 0),
    );
    // the site's lockdown is lifted: the organization's still holds over the door, so the PIN stays off
    expect((await c.lift(c.owner.key, site.id)).status).toBe(200);
    await untilWorker(async () => (await pinRows(site.id)).length === 0);
    expect((await pinRows(whole.id)).map((s) => s.onLock)).toEqual([0]);
    expect((await keypad(c.owner.key, c.homeDoor.id, '730194')).json.result.unlocked).toBe(false);
    // the last one lifted: the PIN is back on the keypad
    expect((await c.lift(c.owner.key, whole.id)).status).toBe(200);
    await untilWorker(async () => (await pinRows(whole.id)).length === 0);
    await eventually(async () => (await keypad(c.owner.key, c.homeDoor.id, '730194')).json.result?.unlocked === true);
  });
});

describe("a phone's key revoked for another reason while a lockdown holds", () => {
  it('stays revoked when the lockdown is lifted (its phone was deleted meanwhile)', async () => {
    const c = await buildings();
    const mobile = await api('POST', `${V}/my/mobile`, {
      key: c.member.key,
      body: { name: 'Pixel', publicKey: phoneKey() },
    });
    const certs = await Promise.all(
      [c.homeDoor, c.officeDoor].map((d) =>
        api('GET', `${V}/my/devicecertificate/getformobile?mobileId=${mobile.json.result.id}&deviceId=${d.id}`, {
          key: c.member.key,
        }),
      ),
    );
    const [homeCert, officeCert] = certs.map((r) => r.json.result.certificateId as number);
    const started = await c.start(c.owner.key, { siteId: c.residence.id, reason: 'Gas leak reported' });
    // the member's phone is deleted meanwhile: every certificate of it is revoked for that reason
    const [row] = await (await db()).select().from(deviceCertificates).where(eq(deviceCertificates.id, homeCert));
    await revokeCertificates(await db(), { mobileId: row.mobileId });
    expect((await c.lift(c.owner.key, started.json.result.id)).status).toBe(200);
    const after = await (await db())
      .select()
      .from(deviceCertificates)
      .where(inArray(deviceCertificates.id, [homeCert, officeCert]));
    expect(after.every((x) => x.revokedAt !== null)).toBe(true);
  });
});

describe('who may lock down', () => {
  it('an administrator of the site, the owner for the whole organization; the rest refused in words', async () => {
    const c = await buildings();
    // a member, an outsider (no probing), an administrator limited to the office
    const member = await c.start(c.member.key, { siteId: c.residence.id, reason: 'x' });
    expect(member.status).toBe(403);
    expect(member.json.errorMessages[0]).toBe(
      'Only the organization owner and its administrators can lock doors down.',
    );
    expect((await c.start(c.outsider.key, { siteId: c.residence.id, reason: 'x' })).status).toBe(404);
    const limit = await api('PUT', `${V}/organization/${c.org.id}/user/${c.admin2OuId}/sites`, {
      key: c.owner.key,
      body: { siteIds: [c.office.id] },
    });
    expect(limit.status).toBe(200);
    const limited = await c.start(c.admin2.key, { siteId: c.residence.id, reason: 'x' });
    expect(limited.status).toBe(403);
    expect(limited.json.errorMessages[0]).toContain('limited to some of its sites');
    // the whole organization: the owner's alone
    const whole = await c.start(c.admin.key, { siteId: null, reason: 'Storm' });
    expect(whole.status).toBe(403);
    expect(whole.json.errorMessages[0]).toContain('Only the organization owner can lock the whole organization down');
    // bad input: no reason, a site of another organization, an exempt person who is no administrator of it
    const empty = await c.start(c.admin.key, { siteId: c.residence.id, reason: '   ' });
    expect(empty.status).toBe(400);
    const foreign = await createSite(c.other.id, { name: 'Elsewhere' });
    expect((await c.start(c.admin.key, { siteId: foreign.id, reason: 'x' })).status).toBe(404);
    const exempt = await c.start(c.admin.key, { siteId: c.residence.id, reason: 'x', exemptUserIds: [c.member.id] });
    expect(exempt.status).toBe(400);
    expect(exempt.json.errorMessages[0]).toContain('only administrators of this site can be let through');
    const exemptLimited = await c.start(c.owner.key, {
      siteId: c.residence.id,
      reason: 'x',
      exemptUserIds: [c.admin2.id],
    });
    expect(exemptLimited.status).toBe(400);
    // nothing of those was saved
    const none = await api('GET', `${V}/organization/${c.org.id}/lockdowns`, { key: c.owner.key });
    expect(none.json.result).toEqual([]);
    // the limited administrator locks their own site down and lifts it; not the owner's whole-organization one
    const own = await c.start(c.admin2.key, { siteId: c.office.id, reason: 'Fire alarm' });
    expect(own.status).toBe(201);
    const org = await c.start(c.owner.key, { siteId: null, reason: 'Storm' });
    expect(org.status).toBe(201);
    expect((await c.lift(c.admin2.key, org.json.result.id)).status).toBe(403);
    expect((await c.lift(c.member.key, own.json.result.id)).status).toBe(403);
    expect((await c.lift(c.admin2.key, own.json.result.id)).status).toBe(200);
    // the whole organization's holds over the office still: a member is refused there
    const office = await c.unlock(c.member.key, c.officeDoor.id);
    expect(office.status).toBe(403);
    expect(office.json.errorMessages[0]).toMatch(/^.+ is locked down since .+Reason: Storm\./);
    // another organization's lockdown cannot be read or lifted by id
    expect(
      (await api('GET', `${V}/organization/${c.other.id}/lockdowns/${org.json.result.id}`, { key: c.outsider.key }))
        .status,
    ).toBe(404);
    expect((await c.lift(c.outsider.key, org.json.result.id)).status).toBe(404);
  });
});
