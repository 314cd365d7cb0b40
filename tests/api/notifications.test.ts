import { eq, max } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publicUrl } from '@/lib/config/env';
import { AccessLevel, deviceActivity, mailOutbox, notificationCursor, notificationUnsubscribe } from '@/db/schema';
import { ActivitySource, ActivityEvent as E } from '@/lib/shared/devices/codes';
import { recordActivity } from '@/lib/domain/activity/record';
import { deviceReports } from '@/lib/domain/devices/reports';
import { digestBoundary, runNotificationPass } from '@/lib/domain/notifications/pass';
import { UNSUBSCRIBE_LIMIT } from '@/lib/domain/notifications/preferences';
import { runMailPass } from '@/lib/mail/pass';
import {
  createGroup,
  createLock,
  createOrg,
  addOrgUser,
  createUser,
  db,
  grantGroup,
  grantUser,
  lockWithCast,
  type TestUser,
} from '../support/factories/core';
import { api } from '../support/router';
import { type ReceivedMail } from '../support/smtp';
import { smtpForFile } from '../support/smtp-for-file';

/**
 * Notifications by e-mail (issue 22, item 5), end to end with a fixed clock: an activity entry
 * written the way the device reports write it, the notification pass, the mail worker, and a
 * real SMTP server in this process.
 */
const V = '/api/v37';
const smtp = smtpForFile();

// 22:57 in Warsaw (CET, UTC+1)
const T = new Date('2026-11-24T21:57:00.000Z');
const later = (ms: number) => new Date(T.getTime() + ms);

/** Runs the mail worker for these people and returns what each has received so far. */
async function inbox(...people: TestUser[]): Promise<ReceivedMail[][]> {
  // the mails were queued at the passes' fixed clocks: a clock after all of them sends them
  await runMailPass(await db(), new Date('2027-01-01T00:00:00Z'), { only: people.map((p) => p.email.toLowerCase()) });
  return people.map((p) => smtp.to(p.email));
}

const jam = async (deviceId: number, at = T) =>
  recordActivity(await db(), { deviceId, event: E.jammed, source: ActivitySource.device, at });
const pass = async (deviceIds: number[], now = later(60_000)) => runNotificationPass(await db(), now, { deviceIds });
const unsubscribeToken = (m: ReceivedMail) => {
  const link = m.links.find((l) => new URL(l).pathname === '/notifications/unsubscribe');
  expect(link, 'an unsubscribe link').toBeTruthy();
  return new URL(link!).searchParams.get('token')!;
};

describe('notification mails', () => {
  it('a jammed lock sends exactly one mail to the owner and one to an administrator, none to a guest or an outsider', async () => {
    const c = await lockWithCast();
    await jam(c.lock.id);
    expect(await pass([c.lock.id])).toEqual({ handled: 1, mailed: 2, digested: 0 });
    // a second pass finds nothing new
    expect(await pass([c.lock.id], later(90_000))).toEqual({ handled: 0, mailed: 0, digested: 0 });
    const [owner, admin, guest, outsider] = await inbox(c.owner, c.admin, c.guest, c.outsider);
    expect(owner).toHaveLength(1);
    expect(admin).toHaveLength(1);
    expect(guest).toEqual([]);
    expect(outsider).toEqual([]);
    const m = owner[0];
    expect(m.subject).toBe(`${c.lock.name} is jammed`);
    expect(m.text).toContain(`Hello ${c.owner.displayName},`);
    expect(m.text).toContain(`${c.lock.name} jammed at 24 Nov 2026, 22:57 (Europe/Warsaw)`);
    const base = publicUrl().origin;
    expect(m.links).toContain(`${base}/devices/${c.lock.id}`);
    expect(m.html).toContain(`href="${base}/devices/${c.lock.id}"`);
    const token = unsubscribeToken(m);
    expect(m.html).toContain(`/notifications/unsubscribe?token=${token}`);
    // the token is kept hashed only
    const d = await db();
    const kept = await d.select().from(notificationUnsubscribe).where(eq(notificationUnsubscribe.userId, c.owner.id));
    expect(kept).toHaveLength(1);
    expect(JSON.stringify(kept)).not.toContain(token);
    expect(kept[0].kind).toBe('jammed');
  });

  it('reaches an administrator through a group, and not one outside the daily window', async () => {
    const org = await createOrg();
    const [viaGroup, offHours] = await Promise.all([createUser(), createUser()]);
    const g = await createGroup(org.id, undefined, [await addOrgUser(org.id, viaGroup.id)]);
    const lock = await createLock({ timeZone: 'Europe/Warsaw', organizationId: org.id });
    await grantGroup(lock.id, g.id, AccessLevel.administrator);
    // 08:00-09:00 in Warsaw: not at 22:58
    await grantUser(lock.id, offHours.id, AccessLevel.administrator, {
      dayStartTime: new Date('2026-01-05T07:00:00Z'),
      dayEndTime: new Date('2026-01-05T08:00:00Z'),
    });
    await jam(lock.id);
    expect(await pass([lock.id])).toMatchObject({ mailed: 1 });
    const [a, b] = await inbox(viaGroup, offHours);
    expect(a).toHaveLength(1);
    // an organization's device: its name leads the subject
    expect(a[0].subject).toBe(`${org.name}: ${lock.name} is jammed`);
    expect(b).toEqual([]);
  });

  it('sends nothing to whoever turned the kind off, for all devices or for one; a per-device choice wins', async () => {
    const c = await lockWithCast();
    // the owner turns jammed mails off; the administrator turns them off for this lock only
    expect(
      (await api('PUT', `${V}/my/notification`, { key: c.owner.key, body: { kinds: { jammed: false } } })).status,
    ).toBe(200);
    expect(
      (
        await api('PUT', `${V}/my/notification`, {
          key: c.admin.key,
          body: { devices: [{ deviceId: c.lock.id, kind: 'jammed', enabled: false }] },
        })
      ).status,
    ).toBe(200);
    await jam(c.lock.id);
    expect(await pass([c.lock.id])).toEqual({ handled: 1, mailed: 0, digested: 0 });
    // the owner turns them on for this lock again: the device's choice beats "off"
    expect(
      (
        await api('PUT', `${V}/my/notification`, {
          key: c.owner.key,
          body: { devices: [{ deviceId: c.lock.id, kind: 'jammed', enabled: true }] },
        })
      ).status,
    ).toBe(200);
    await jam(c.lock.id, later(1000));
    expect(await pass([c.lock.id])).toEqual({ handled: 1, mailed: 1, digested: 0 });
    const [owner, admin] = await inbox(c.owner, c.admin);
    expect(owner).toHaveLength(1);
    expect(admin).toEqual([]);
  });

  it('the unsubscribe link turns that kind off with one click, without signing in; other kinds still come', async () => {
    const c = await lockWithCast();
    await jam(c.lock.id);
    await pass([c.lock.id]);
    const [[m]] = await inbox(c.admin);
    const token = unsubscribeToken(m);
    const r = await api('POST', `${V}/notification/unsubscribe`, { body: { token } });
    expect(r.status).toBe(200);
    expect(r.json.result).toEqual({ kind: 'jammed', label: 'A lock is jammed' });
    // twice is fine: the same answer
    expect((await api('POST', `${V}/notification/unsubscribe`, { body: { token } })).json.result).toEqual({
      kind: 'jammed',
      label: 'A lock is jammed',
    });
    const prefs = (await api('GET', `${V}/my/notification`, { key: c.admin.key })).json.result;
    expect(prefs.kinds).toEqual({
      jammed: false,
      batteryLow: true,
      bridgeOffline: true,
      doorOpenTooLong: true,
      keypadLockedOut: true,
    });
    await jam(c.lock.id, later(1000));
    await deviceReports.batteryChanged(await db(), {
      device: { id: c.lock.id, type: c.lock.type },
      level: 12,
      charging: false,
      at: later(2000),
    });
    expect(await pass([c.lock.id], later(61_000))).toEqual({ handled: 2, mailed: 3, digested: 0 });
    const [owner, admin] = await inbox(c.owner, c.admin);
    expect(owner.map((x) => x.subject).sort()).toEqual([
      `${c.lock.name} is jammed`,
      `${c.lock.name} is jammed`,
      `${c.lock.name}: battery low (12%)`,
    ]);
    expect(admin.map((x) => x.subject).sort()).toEqual([
      `${c.lock.name} is jammed`,
      `${c.lock.name}: battery low (12%)`,
    ]);
  });

  it('refuses a made-up, malformed or missing unsubscribe token', async () => {
    expect((await api('POST', `${V}/notification/unsubscribe`, { body: { token: 'A'.repeat(43) } })).status).toBe(404);
    expect((await api('POST', `${V}/notification/unsubscribe`, { body: { token: 'x'.repeat(101) } })).status).toBe(400);
    expect((await api('POST', `${V}/notification/unsubscribe`, { body: {} })).status).toBe(400);
  });

  it('limits unsubscribe tries per client address: the 31st in 10 minutes answers 429 with Retry-After, another address still gets through', async () => {
    const tries = (clientAddress: string) =>
      api('POST', `${V}/notification/unsubscribe`, { body: { token: 'B'.repeat(43) }, clientAddress });
    for (let i = 0; i < UNSUBSCRIBE_LIMIT.max; i++) expect((await tries('198.51.100.77')).status).toBe(404);
    const refused = await tries('198.51.100.77');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.json.errorMessages).toEqual([
      'Too many tries from your network. Try the link again in a few minutes.',
    ]);
    expect((await tries('198.51.100.78')).status).toBe(404);
  });

  it('two workers passing at once send each notification once', async () => {
    const c = await lockWithCast();
    await jam(c.lock.id);
    const d = await db();
    const [a, b] = await Promise.all([
      runNotificationPass(d, later(60_000), { deviceIds: [c.lock.id] }),
      runNotificationPass(d, later(60_000), { deviceIds: [c.lock.id] }),
    ]);
    expect(a.mailed + b.mailed).toBe(2);
    expect(a.handled + b.handled).toBe(1);
    expect(await d.select().from(mailOutbox).where(eq(mailOutbox.toAddress, c.owner.email))).toHaveLength(1);
    const [owner] = await inbox(c.owner);
    expect(owner).toHaveLength(1);
  });

  it('a daily digest collects everything and goes out once at the digest hour (07:00 UTC)', async () => {
    const c = await lockWithCast();
    expect(
      (await api('PUT', `${V}/my/notification`, { key: c.owner.key, body: { digest: true } })).json.result.digest,
    ).toBe(true);
    const at = new Date('2026-11-24T10:00:00.000Z');
    await jam(c.lock.id, at);
    await deviceReports.batteryChanged(await db(), {
      device: { id: c.lock.id, type: c.lock.type },
      level: 9,
      charging: false,
      at: new Date(at.getTime() + 1000),
    });
    const d = await db();
    // the owner's lines wait; the administrator gets mails at once
    expect(await runNotificationPass(d, new Date('2026-11-24T10:01:00.000Z'), { deviceIds: [c.lock.id] })).toEqual({
      handled: 2,
      mailed: 2,
      digested: 2,
    });
    expect(digestBoundary(new Date('2026-11-25T06:59:00.000Z')).toISOString()).toBe('2026-11-24T07:00:00.000Z');
    await runNotificationPass(d, new Date('2026-11-25T06:59:00.000Z'), { deviceIds: [c.lock.id] });
    expect((await inbox(c.owner))[0]).toEqual([]);
    await runNotificationPass(d, new Date('2026-11-25T07:00:00.000Z'), { deviceIds: [c.lock.id] });
    await runNotificationPass(d, new Date('2026-11-25T07:05:00.000Z'), { deviceIds: [c.lock.id] });
    const [owner, admin] = await inbox(c.owner, c.admin);
    expect(owner).toHaveLength(1);
    expect(owner[0].subject).toBe('Daily digest: 2 events');
    expect(owner[0].text).toContain(`- ${c.lock.name} jammed at 24 Nov 2026, 11:00 (Europe/Warsaw)`);
    expect(owner[0].text).toContain(`The battery of ${c.lock.name} was low (9%) at 24 Nov 2026, 11:00 (Europe/Warsaw)`);
    expect(admin).toHaveLength(2);
  });

  it('a bridge offline for NOTIFY_BRIDGE_OFFLINE_MINUTES (15) is told once; one back before that is not', async () => {
    const c = await lockWithCast();
    const d = await db();
    const bridge = { id: c.bridge.id, type: c.bridge.type };
    await deviceReports.connectionChanged(d, { bridge, connected: false, at: T });
    expect(await pass([c.bridge.id], later(14 * 60_000))).toEqual({ handled: 1, mailed: 0, digested: 0 });
    expect(await pass([c.bridge.id], later(15 * 60_000))).toEqual({ handled: 0, mailed: 2, digested: 0 });
    expect(await pass([c.bridge.id], later(30 * 60_000))).toEqual({ handled: 0, mailed: 0, digested: 0 });
    const [owner, admin, guest] = await inbox(c.owner, c.admin, c.guest);
    // the owner manages the bridge and the lock: the bridge's mail, once
    expect(owner.map((m) => m.subject)).toEqual([`${c.bridge.name} is offline`]);
    expect(owner[0].text).toContain(`offline since 24 Nov 2026, 22:57 (Europe/Warsaw)`);
    // the lock's administrator has no access to the bridge: told that the door cannot be opened
    // from afar (as their Home says), without the bridge's name
    expect(admin.map((m) => m.subject)).toEqual([`${c.lock.name} cannot be opened from afar`]);
    expect(admin[0].text).toContain(
      `${c.lock.name} cannot be opened from afar since 24 Nov 2026, 22:57 (Europe/Warsaw)`,
    );
    expect(admin[0].text).not.toContain(c.bridge.name);
    expect(admin[0].links).toContain(`${publicUrl().origin}/devices/${c.lock.id}`);
    expect(guest).toEqual([]);

    // back after 5 minutes: nothing
    const t2 = later(3600_000);
    await deviceReports.connectionChanged(d, { bridge, connected: true, at: t2 });
    await deviceReports.connectionChanged(d, { bridge, connected: false, at: new Date(t2.getTime() + 60_000) });
    await deviceReports.connectionChanged(d, { bridge, connected: true, at: new Date(t2.getTime() + 6 * 60_000) });
    expect(await pass([c.bridge.id], new Date(t2.getTime() + 7 * 60_000))).toMatchObject({ mailed: 0 });
    expect(await pass([c.bridge.id], new Date(t2.getTime() + 20 * 60_000))).toMatchObject({ mailed: 0 });
    expect((await inbox(c.owner))[0]).toHaveLength(1);
  });

  it('a bridge offline: a lock administrator who turned the kind off for that lock, or reads digests, gets no mail now', async () => {
    const c = await lockWithCast();
    const lock2 = await createLock({ bridge: c.bridge });
    await grantUser(lock2.id, c.admin.id, AccessLevel.administrator);
    const other = await createUser();
    await grantUser(c.lock.id, other.id, AccessLevel.administrator);
    await grantUser(lock2.id, other.id, AccessLevel.administrator);
    // the administrator takes digests; the other turns the kind off for the first lock only
    expect((await api('PUT', `${V}/my/notification`, { key: c.admin.key, body: { digest: true } })).status).toBe(200);
    expect(
      (
        await api('PUT', `${V}/my/notification`, {
          key: other.key,
          body: { devices: [{ deviceId: c.lock.id, kind: 'bridgeOffline', enabled: false }] },
        })
      ).status,
    ).toBe(200);
    const bridge = { id: c.bridge.id, type: c.bridge.type };
    await deviceReports.connectionChanged(await db(), { bridge, connected: false, at: T });
    await pass([c.bridge.id], later(60_000));
    expect(await pass([c.bridge.id], later(15 * 60_000))).toEqual({ handled: 0, mailed: 2, digested: 2 });
    const [admin, others] = await inbox(c.admin, other);
    expect(admin).toEqual([]);
    expect(others.map((m) => m.subject)).toEqual([`${lock2.name} cannot be opened from afar`]);
    // the administrator's digest next morning: a line per door
    await pass([c.bridge.id], new Date('2026-11-25T07:00:00.000Z'));
    const [digest] = (await inbox(c.admin))[0];
    expect(digest.subject).toBe('Daily digest: 2 events');
    for (const lock of [c.lock, lock2])
      expect(digest.text).toContain(
        `- ${lock.name} cannot be opened from afar since 24 Nov 2026, 22:57 (Europe/Warsaw): the bridge it is reached through is offline.`,
      );
  });

  it('door open too long and a keypad lockout are told, with their words', async () => {
    const c = await lockWithCast();
    const d = await db();
    await deviceReports.doorOpenTooLong(d, { device: { id: c.lock.id, type: c.lock.type }, at: T });
    await recordActivity(d, {
      deviceId: c.lock.id,
      event: E.keypadLockedOut,
      source: ActivitySource.device,
      at: later(1000),
    });
    expect(await pass([c.lock.id])).toEqual({ handled: 2, mailed: 4, digested: 0 });
    const [owner] = await inbox(c.owner);
    expect(owner.map((m) => m.subject).sort()).toEqual([
      `${c.lock.name}: door open too long`,
      `${c.lock.name}: keypad locked out`,
    ]);
    expect(owner.find((m) => m.subject.endsWith('keypad locked out'))!.text).toContain(
      'after five wrong PINs in a row',
    );
  });
});

describe('the worker over the whole activity log', () => {
  it('moves the cursor past what it read and mails nothing about entries older than a day', async () => {
    const c = await lockWithCast();
    await jam(c.lock.id, T);
    const d = await db();
    // the newest entry before the pass (other test files keep writing entries while it runs)
    const [{ top }] = await d.select({ top: max(deviceActivity.id) }).from(deviceActivity);
    // a fixed clock years later: every entry is stale, so this pass over everyone's entries mails nobody
    const r = await runNotificationPass(d, new Date('2031-01-01T00:00:00Z'));
    expect(r.mailed).toBe(0);
    const [cursor] = await d.select().from(notificationCursor);
    expect(cursor.lastActivityId).toBeGreaterThanOrEqual(top!);
    // the jam was handled (not mailed) and is never taken up again
    expect(await pass([c.lock.id])).toEqual({ handled: 0, mailed: 0, digested: 0 });
    expect((await inbox(c.owner))[0]).toEqual([]);
  });
});

describe('GET/PUT /api/v37/my/notification', () => {
  const ALL_ON = { jammed: true, batteryLow: true, bridgeOffline: true, doorOpenTooLong: true, keypadLockedOut: true };
  const LOCK_KINDS = ['jammed', 'batteryLow', 'bridgeOffline', 'doorOpenTooLong', 'keypadLockedOut'];
  const LABELS = {
    jammed: 'A lock is jammed',
    batteryLow: 'Battery low',
    bridgeOffline: 'Bridge offline',
    doorOpenTooLong: 'Door open too long',
    keypadLockedOut: 'Keypad locked out after wrong PINs',
  };

  it('defaults: every kind on, no digest, the devices the caller owns or administers (not those where a guest)', async () => {
    const c = await lockWithCast();
    const owner = await api('GET', `${V}/my/notification`, { key: c.owner.key });
    expect(owner.status).toBe(200);
    const byName = [
      { deviceId: c.bridge.id, name: c.bridge.name, kinds: ['bridgeOffline'], overrides: {} },
      { deviceId: c.lock.id, name: c.lock.name, kinds: LOCK_KINDS, overrides: {} },
    ].sort((a, b) => a.name.localeCompare(b.name));
    expect(owner.json.result).toEqual({ digest: false, kinds: ALL_ON, devices: byName, labels: LABELS });
    expect((await api('GET', `${V}/my/notification`, { key: c.admin.key })).json.result.devices).toEqual([
      { deviceId: c.lock.id, name: c.lock.name, kinds: LOCK_KINDS, overrides: {} },
    ]);
    expect((await api('GET', `${V}/my/notification`, { key: c.guest.key })).json.result.devices).toEqual([]);
  });

  it('changes kinds, digest and per-device choices; null gives a device back to the kind', async () => {
    const c = await lockWithCast();
    const put = (body: unknown) => api('PUT', `${V}/my/notification`, { key: c.admin.key, body });
    const r = await put({
      digest: true,
      kinds: { batteryLow: false },
      devices: [{ deviceId: c.lock.id, kind: 'jammed', enabled: false }],
    });
    expect(r.status).toBe(200);
    expect(r.json.result).toEqual({
      digest: true,
      kinds: { ...ALL_ON, batteryLow: false },
      devices: [{ deviceId: c.lock.id, name: c.lock.name, kinds: LOCK_KINDS, overrides: { jammed: false } }],
      labels: LABELS,
    });
    const back = await put({
      kinds: { batteryLow: true },
      devices: [{ deviceId: c.lock.id, kind: 'jammed', enabled: null }],
    });
    expect(back.json.result).toMatchObject({
      digest: true,
      kinds: ALL_ON,
      devices: [{ deviceId: c.lock.id, overrides: {} }],
    });
    expect((await api('GET', `${V}/my/notification`, { key: c.admin.key })).json.result).toEqual(back.json.result);
  });

  it('refuses bad input, devices the caller does not manage, read-only keys and anonymous callers', async () => {
    const c = await lockWithCast();
    const put = (body: unknown, key = c.admin.key) => api('PUT', `${V}/my/notification`, { key, body });
    for (const body of [
      {},
      { kinds: { opened: true } },
      { kinds: { jammed: 'yes' } },
      { devices: [{ deviceId: c.lock.id, kind: 'opened', enabled: true }] },
      { digest: true, extra: 1 },
      { devices: Array.from({ length: 501 }, () => ({ deviceId: c.lock.id, kind: 'jammed', enabled: true })) },
    ]) {
      expect((await put(body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    // the guest sees the lock but does not manage it; the outsider does not see it
    expect((await put({ devices: [{ deviceId: c.lock.id, kind: 'jammed', enabled: true }] }, c.guest.key)).status).toBe(
      403,
    );
    expect(
      (await put({ devices: [{ deviceId: c.lock.id, kind: 'jammed', enabled: true }] }, c.outsider.key)).status,
    ).toBe(404);
    // the administrator has no access to the bridge
    expect((await put({ devices: [{ deviceId: c.bridge.id, kind: 'bridgeOffline', enabled: false }] })).status).toBe(
      404,
    );
    const readOnly = await c.owner.keyWith(['Account.Read']);
    expect((await api('GET', `${V}/my/notification`, { key: readOnly })).status).toBe(200);
    expect((await put({ digest: true }, readOnly)).status).toBe(403);
    expect((await api('GET', `${V}/my/notification`)).status).toBe(401);
    expect((await api('PUT', `${V}/my/notification`, { body: { digest: true } })).status).toBe(401);
    // nothing was changed by the refused calls
    expect((await api('GET', `${V}/my/notification`, { key: c.admin.key })).json.result).toMatchObject({
      digest: false,
      kinds: ALL_ON,
      devices: [{ deviceId: c.lock.id, overrides: {} }],
    });
  });
});
