import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel, deviceActivity, deviceCertificates, lockPins, mobiles } from '@/db/schema';
import { registerPhone } from '../support/factories/account';
import {
  addOrgUser,
  createGroup,
  createUser,
  db,
  grantGroup,
  grantUser,
  type TestUser,
} from '../support/factories/core';
import { createOrgLock, orgWithCast, type Cast } from '../support/factories/organization';
import { api } from '../support/router';

/**
 * Issue 33: the page per person shows, to those the policy lets see it, the PINs the person made,
 * their phones' certificates, their latest activity, the access links mailed to them and (on their
 * own page only) their personal access keys; never a PIN value, key secret or link URL. A group's
 * page lists the doors it opens (GET .../user-groups/{id}/devices).
 */
const V = '/api/v37';
const DAY = 86_400_000;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let c: Cast;
let person: TestUser;
let back: { id: number; name: string };
let front: { id: number; name: string };
let group: { id: string; name: string };
let linkId: string;
let phoneId: string;
// inside the administrator's own 30 days (a link gives no more than its maker holds)
const linkStart = new Date(Math.floor(Date.now() / DAY) * DAY).toISOString();
const linkEnd = new Date(Math.floor(Date.now() / DAY) * DAY + 10 * DAY).toISOString();
const page = (who: { key: string }, q = `userId=${person.id}`) =>
  api('GET', `${V}/organization/${c.org.id}/people/access?${q}`, { key: who.key });
const groupDoors = (who: { key: string }, id = group.id, orgId = c.org.id) =>
  api('GET', `${V}/organization/${orgId}/user-groups/${id}/devices`, { key: who.key });

beforeAll(async () => {
  c = await orgWithCast({ timeZone: 'Europe/Warsaw' });
  back = await createOrgLock(c.org.id, { name: 'Back door', timeZone: 'Europe/Warsaw' });
  front = await createOrgLock(c.org.id, { name: 'Front door', timeZone: 'America/New_York' });
  for (const d of [back, front]) {
    await grantUser(d.id, c.owner.id, AccessLevel.owner);
    await grantUser(d.id, c.admin.id, AccessLevel.administrator, { endDate: new Date(Date.now() + 30 * DAY) });
  }
  person = await createUser();
  const ou = await addOrgUser(c.org.id, person.id, 0);
  await grantUser(back.id, person.id, AccessLevel.guest, { weekDays: 31 });
  group = await createGroup(c.org.id, `Cleaners ${randomUUID().slice(0, 4)}`, [ou]);
  await grantGroup(front.id, group.id, AccessLevel.guest, {
    weekDays: 31,
    dayStartTime: new Date('2026-01-05T13:00:00.000Z'),
    dayEndTime: new Date('2026-01-05T22:00:00.000Z'),
    remoteAccessDisabled: true,
  });
  const d = await db();
  await d.insert(lockPins).values({
    deviceId: back.id,
    alias: 'Cleaning crew',
    valueCiphertext: 'not-a-real-ciphertext',
    valueHmac: `hmac-${randomUUID()}`,
    weekDays: 31,
    dayStartTime: new Date('2026-01-05T06:00:00.000Z'),
    dayEndTime: new Date('2026-01-05T10:00:00.000Z'),
    startDate: new Date(Date.now() + 2 * DAY),
    createdBy: person.id,
  });
  phoneId = await registerPhone(person, 'Pixel of the person');
  const [m] = await d.select().from(mobiles).where(eq(mobiles.publicId, phoneId));
  await d.insert(deviceCertificates).values({
    deviceId: back.id,
    userId: person.id,
    mobileId: m.id,
    accessLevel: 0,
    issuedAt: new Date(Date.now() - DAY),
    expirationDate: new Date(Date.now() + DAY),
  });
  for (let i = 0; i < 12; i++)
    await d.insert(deviceActivity).values({
      deviceId: back.id,
      userId: person.id,
      userNumId: person.numId,
      username: person.displayName,
      event: 32,
      source: 2,
      date: new Date(Date.now() - (i + 1) * 60_000),
    });
  const link = await api('POST', `${V}/organization/${c.org.id}/accesslink`, {
    key: c.admin.key,
    body: {
      name: 'Summer guests',
      deviceIds: [front.id],
      repeatEvent: { startDate: linkStart, endDate: linkEnd },
    },
  });
  expect(link.status).toBe(201);
  linkId = link.json.result.id;
  const sent = await api('POST', `${V}/organization/${c.org.id}/accesslink/${linkId}/send`, {
    key: c.admin.key,
    body: { email: person.email.toUpperCase() },
  });
  expect(sent.status).toBe(202);
});

describe('GET /organization/{id}/people/access: what a person holds and did, as the policy lets the viewer see it', () => {
  it('the owner sees their PINs (alias, door, window, state; no value), phones, last 10 activity entries, the link mailed to them; not their keys', async () => {
    const res = await page(c.owner);
    expect(res.status).toBe(200);
    const r = res.json.result;
    expect(r.doors.map((d: { deviceName: string; via: string }) => [d.deviceName, d.via])).toEqual([
      ['Back door', 'user'],
      ['Front door', 'group'],
    ]);
    expect(r.pins).toEqual([
      {
        pinId: expect.any(Number),
        alias: 'Cleaning crew',
        deviceId: back.id,
        deviceName: 'Back door',
        timeZone: 'Europe/Warsaw',
        startDate: expect.stringMatching(ISO),
        endDate: null,
        dayStartTime: '2026-01-05T06:00:00.000Z',
        dayEndTime: '2026-01-05T10:00:00.000Z',
        weekDays: 31,
        state: 'notStarted',
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(r)).not.toContain('not-a-real-ciphertext');
    expect(r.phones).toEqual([
      {
        mobileId: phoneId,
        mobileName: 'Pixel of the person',
        operatingSystem: 3,
        deviceId: back.id,
        deviceName: 'Back door',
        timeZone: 'Europe/Warsaw',
        issuedAt: expect.stringMatching(ISO),
        expirationDate: expect.stringMatching(ISO),
        state: 'valid',
      },
    ]);
    expect(r.activity).toHaveLength(10);
    expect(r.activity[0]).toEqual({
      id: expect.any(Number),
      deviceId: back.id,
      deviceName: 'Back door',
      timeZone: 'Europe/Warsaw',
      date: expect.stringMatching(ISO),
      event: 32,
      eventName: expect.any(String),
      source: 2,
    });
    const dates = r.activity.map((a: { date: string }) => a.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(r.links).toEqual([
      {
        linkId,
        name: 'Summer guests',
        sentAt: expect.stringMatching(ISO),
        sentBy: c.admin.displayName,
        startDate: linkStart,
        endDate: linkEnd,
        dayStartTime: null,
        dayEndTime: null,
        weekDays: null,
        doors: [{ deviceId: front.id, name: 'Front door', timeZone: 'America/New_York' }],
      },
    ]);
    expect(JSON.stringify(r.links)).not.toMatch(/\/link\//);
    expect(r).not.toHaveProperty('keys');
    expect(r.shown).toEqual({ pins: true, phones: true, keys: false, activity: true, links: true, audit: true });
  });

  it('an administrator of the doors sees the same parts; an administrator of no door sees no PINs, phones or activity', async () => {
    const asAdmin = (await page(c.admin)).json.result;
    expect(asAdmin.pins.map((p: { alias: string }) => p.alias)).toEqual(['Cleaning crew']);
    expect(asAdmin.phones).toHaveLength(1);
    expect(asAdmin.activity).toHaveLength(10);
    expect(asAdmin.links).toHaveLength(1);
    expect(asAdmin).not.toHaveProperty('keys');
    const admin2 = await createUser();
    await addOrgUser(c.org.id, admin2.id, 1);
    const res = await page(admin2);
    expect(res.status).toBe(200);
    expect(res.json.result).toMatchObject({
      doors: [],
      pins: [],
      phones: [],
      activity: [],
      links: [expect.anything()],
    });
    expect(res.json.result.shown).toEqual({
      pins: false,
      phones: false,
      keys: false,
      activity: false,
      links: true,
      audit: true,
    });
  });

  it('an administrator whose access is closed now (a weekly schedule without today) sees none of it on that door; one without remote opening sees it all (seeing is not opening from afar)', async () => {
    // every weekday but today's at the back door: the administrator's level is not theirs right now
    const today = DateTime.now().setZone('Europe/Warsaw').weekday;
    const closed = await createUser();
    await addOrgUser(c.org.id, closed.id, 0);
    await grantUser(back.id, closed.id, AccessLevel.administrator, { weekDays: 127 & ~(1 << (today - 1)) });
    const res = await page(closed);
    expect(res.status).toBe(200);
    expect(res.json.result).toMatchObject({ doors: [], pins: [], phones: [], activity: [], manageableDoorCount: 0 });
    expect(res.json.result.shown).toMatchObject({ pins: false, phones: false, activity: false });
    const local = await createUser();
    await addOrgUser(c.org.id, local.id, 0);
    await grantUser(back.id, local.id, AccessLevel.administrator, { remoteAccessDisabled: true });
    const seen = (await page(local)).json.result;
    expect(seen.doors.map((d: { deviceId: number }) => d.deviceId)).toEqual([back.id]);
    expect(seen.pins.map((p: { alias: string }) => p.alias)).toEqual(['Cleaning crew']);
    expect(seen.phones).toHaveLength(1);
    expect(seen.activity).toHaveLength(10);
    expect(seen.manageableDoorCount).toBe(1);
  });

  it('a member sees none of it about another person; on their own page their keys (names, scopes, expiry; no secret), phones and activity', async () => {
    const other = await page(c.member);
    expect(other.status).toBe(200);
    expect(other.json.result).toMatchObject({ pins: [], phones: [], activity: [], links: [] });
    expect(other.json.result.shown).toEqual({
      pins: false,
      phones: false,
      keys: false,
      activity: false,
      links: false,
      audit: false,
    });
    const own = await page(person);
    expect(own.status).toBe(200);
    const r = own.json.result;
    expect(r.keys).toEqual([
      {
        name: 'test key',
        scopes: expect.arrayContaining(['Organization.Read']),
        validTo: expect.stringMatching(ISO),
        lastUsedAt: expect.toSatisfy((v: unknown) => v === null || ISO.test(String(v))),
        state: 'active',
      },
    ]);
    expect(JSON.stringify(r.keys)).not.toContain(person.key);
    expect(r.phones.map((p: { mobileName: string }) => p.mobileName)).toEqual(['Pixel of the person']);
    expect(r.activity).toHaveLength(10);
    // a guest of the door manages no PINs and no links
    expect(r.pins).toEqual([]);
    expect(r.links).toEqual([]);
    expect(r.shown).toMatchObject({ keys: true, pins: false, links: false, audit: false });
  });

  it('page/itemsPerPage give a page of their doors by name; doorCounts counts them all; bad paging 400', async () => {
    const counts = { rows: 2, endable: 1, viaGroups: 1 };
    const all = (await page(c.owner)).json.result;
    // each row says whether "end all access" ends it: their own row does, the group's stays
    expect(
      all.doors.map((d: { deviceName: string; via: string; endable: boolean }) => [d.deviceName, d.via, d.endable]),
    ).toEqual([
      ['Back door', 'user', true],
      ['Front door', 'group', false],
    ]);
    expect(all.doorCounts).toEqual(counts);
    // an owner's own rows are not ended with the rest (the door would be left without its owner)
    const owner = (await page(c.owner, `userId=${c.owner.id}`)).json.result;
    expect(owner.doors.map((d: { via: string; endable: boolean }) => [d.via, d.endable])).toEqual([
      ['user', false],
      ['user', false],
    ]);
    expect(owner.doorCounts.endable).toBe(0);
    const first = (await page(c.owner, `userId=${person.id}&itemsPerPage=1`)).json.result;
    expect(first.doors.map((d: { deviceName: string; via: string }) => [d.deviceName, d.via])).toEqual([
      ['Back door', 'user'],
    ]);
    expect(first.doorCounts).toEqual(counts);
    expect(first.person.doorCount).toBe(2);
    const second = (await page(c.owner, `userId=${person.id}&itemsPerPage=1&page=2`)).json.result;
    expect(second.doors.map((d: { deviceName: string; via: string }) => [d.deviceName, d.via])).toEqual([
      ['Front door', 'group'],
    ]);
    expect((await page(c.owner, `userId=${person.id}&itemsPerPage=1&page=3`)).json.result.doors).toEqual([]);
    for (const q of ['itemsPerPage=0', 'itemsPerPage=101', 'page=0', 'page=x'])
      expect((await page(c.owner, `userId=${person.id}&${q}`)).status, q).toBe(400);
  });

  it('an outsider gets 404; bad input 400', async () => {
    expect((await page(c.outsider)).status).toBe(404);
    expect((await page(c.owner, 'userId=not-a-uuid')).status).toBe(400);
    expect((await page(c.owner, '')).status).toBe(400);
    expect((await page(c.owner, `userId=${randomUUID()}`)).status).toBe(404);
  });
});

describe('GET /organization/{id}/user-groups/{groupId}/devices: the doors a group opens', () => {
  it('the owner and an administrator get each door with the group’s level, remote flag and window, in the door’s zone', async () => {
    for (const who of [c.owner, c.admin]) {
      const res = await groupDoors(who);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        result: [
          {
            deviceId: front.id,
            deviceName: 'Front door',
            deviceType: expect.any(Number),
            timeZone: 'America/New_York',
            accessId: expect.any(String),
            accessLevel: 0,
            remoteAccessDisabled: true,
            startDate: null,
            endDate: null,
            dayStartTime: '2026-01-05T13:00:00.000Z',
            dayEndTime: '2026-01-05T22:00:00.000Z',
            weekDays: 31,
          },
        ],
        success: true,
        errorMessages: [],
        statusCode: 200,
      });
    }
  });

  it('a member who manages no door gets an empty list; an outsider 404; another organization’s group 404; a bad id 400', async () => {
    const asMember = await groupDoors(c.member);
    expect(asMember.status).toBe(200);
    expect(asMember.json.result).toEqual([]);
    expect((await groupDoors(c.outsider)).status).toBe(404);
    const foreign = await createGroup(c.other.id, 'Elsewhere');
    expect((await groupDoors(c.owner, foreign.id)).status).toBe(404);
    expect((await groupDoors(c.owner, randomUUID())).status).toBe(404);
    expect((await groupDoors(c.owner, 'nope')).status).toBe(400);
  });
});
