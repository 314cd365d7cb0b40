import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setConfig } from '@/tests/support/config';
import { accessLinks } from '@/db/schema';
import { decryptSecret, tokenHash } from '@/lib/crypto/secrets';
import { api } from '../support/router';
import { AccessLevel } from '@/db/schema';
import { createLock, db, grantUser } from '../support/factories/core';
import { aWeek, createGate, createOrgLock, orgWithCast, type Cast } from '../support/factories/organization';

let c: Cast;
let lock: { id: number; name: string };
let gate: { id: number; name: string };
const base = () => `/api/v37/organization/${c.org.id}/accesslink`;
/** by default the organization's owner, who owns the devices and may make a link without an end */
const create = (body: unknown, key = c.owner.key) => api('POST', base(), { key, body });

beforeAll(async () => {
  c = await orgWithCast();
  lock = await createOrgLock(c.org.id, { name: 'B front door' });
  gate = await createGate(c.org.id, { name: 'A parking gate' });
  for (const d of [lock, gate]) {
    await grantUser(d.id, c.owner.id, AccessLevel.owner);
    await grantUser(d.id, c.admin.id, AccessLevel.administrator);
  }
});

describe('POST accesslink (endpoint 13)', () => {
  it('201 {id, url}; accepts devicesIds and deviceIds; the token is stored only hashed and encrypted', async () => {
    for (const key of ['devicesIds', 'deviceIds']) {
      const res = await create({ name: `Cleaners ${key}`, description: 'Tuesdays', [key]: [gate.id, lock.id] });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      expect(res.json).toMatchObject({ success: true, errorMessages: [], statusCode: 201 });
      const { id, url } = res.json.result;
      expect(url).toMatch(/^http:\/\/localhost:3000\/link\/[A-Za-z0-9_-]{43}$/);
      const token = url.split('/link/')[1];
      const [row] = await (await db()).select().from(accessLinks).where(eq(accessLinks.id, id));
      expect(row.tokenHash).toBe(tokenHash(token));
      expect(row.tokenCiphertext).not.toContain(token);
      expect(decryptSecret(row.tokenCiphertext, 'access_links', row.id)).toBe(token);
      const got = await api('GET', `${base()}/${id}`, { key: c.owner.key });
      expect(got.json.result.accessLink.devices.map((d: any) => d.id)).toEqual([gate.id, lock.id]);
    }
  });

  it('uses PORTAL_URL when set', async () => {
    setConfig({ PORTAL_URL: 'https://portal.example.test/' });
    const res = await create({ name: 'Portal', deviceIds: [lock.id] });
    expect(res.json.result.url).toMatch(/^https:\/\/portal\.example\.test\/link\/[\w-]+$/);
  });

  it('description: 72 characters are fine, 73 are refused; emoji count once', async () => {
    expect((await create({ name: 'd72', description: 'x'.repeat(72), deviceIds: [lock.id] })).status).toBe(201);
    expect((await create({ name: 'e72', description: '🚪'.repeat(72), deviceIds: [lock.id] })).status).toBe(201);
    const bad = await create({ name: 'd73', description: 'x'.repeat(73), deviceIds: [lock.id] });
    expect(bad.status).toBe(400);
    expect(bad.json.errorMessages.join()).toMatch(/72/);
  });

  it.each([
    ['no devices', { name: 'n' }, /at least one device/],
    ['empty list', { name: 'n', deviceIds: [] }, /at least one device/],
    ['duplicates', { name: 'n', devicesIds: [1, 1] }, /distinct/],
    ['no name', { deviceIds: [1] }, /name/],
    ['blank name', { name: '  ', deviceIds: [1] }, /name/],
    ['two different lists', { name: 'n', deviceIds: [1], devicesIds: [2] }, /once/],
    [
      'end before start',
      {
        name: 'n',
        deviceIds: [1],
        repeatEvent: { startDate: '2030-01-02T00:00:00Z', endDate: '2030-01-01T00:00:00Z' },
      },
      /after/,
    ],
    [
      'bad date',
      { name: 'n', deviceIds: [1], repeatEvent: { startDate: 'tomorrow', endDate: '2030-01-01T00:00:00Z' } },
      /ISO 8601/,
    ],
  ])('400 for %s, with a readable message', async (_why, body, msg) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.json.errorMessages.join(' ')).toMatch(msg);
  });

  it('400 when a device is not a lock or gate of this organization; nothing is saved', async () => {
    const d = await db();
    const before = (await d.select().from(accessLinks).where(eq(accessLinks.organizationId, c.org.id))).length;
    const foreign = await createOrgLock(c.other.id);
    const noOrg = await createLock();
    const bridge = (await createOrgLock(c.org.id)).connectedToId!;
    for (const id of [foreign.id, noOrg.id, bridge, 999999999]) {
      const res = await create({ name: 'bad', deviceIds: [lock.id, id] });
      expect(res.status).toBe(400);
      expect(res.json.errorMessages[0]).toContain(String(id));
    }
    expect((await d.select().from(accessLinks).where(eq(accessLinks.organizationId, c.org.id))).length).toBe(before);
  });

  it('repeatEvent is stored in UTC (offsets converted, no offset = UTC) and read back with Z', async () => {
    const res = await create({
      name: 'utc',
      deviceIds: [lock.id],
      repeatEvent: { startDate: '2030-06-01T10:00:00+02:00', endDate: '2030-06-02T10:00:00' },
    });
    const got = await api('GET', `${base()}/${res.json.result.id}`, { key: c.admin.key });
    expect(got.json.result.accessLink.repeatEvent).toEqual({
      startDate: '2030-06-01T08:00:00.000Z',
      endDate: '2030-06-02T10:00:00.000Z',
      dayStartTime: null,
      dayEndTime: null,
      weekDays: null,
    });
  });

  it('roles: owner and admin create; member and outsider get 404; scope AccessLink.ReadWrite', async () => {
    const body = { name: 'roles', deviceIds: [lock.id], repeatEvent: aWeek() };
    expect((await create(body, c.owner.key)).status).toBe(201);
    expect((await create(body, c.admin.key)).status).toBe(201);
    expect((await create(body, c.member.key)).status).toBe(404);
    expect((await create(body, c.outsider.key)).status).toBe(404);
    expect((await create(body, await c.admin.keyWith(['AccessLink.Read']))).status).toBe(403);
    expect((await api('POST', base(), { body })).status).toBe(401);
    expect((await api('POST', '/api/v37/organization/2147483000/accesslink', { key: c.owner.key, body })).status).toBe(
      404,
    );
  });
});

describe('GET accesslink/{id} (endpoint 12)', () => {
  it('returns {accessLink, accessLinkUrl} with devices in order and repeatEvent null when permanent', async () => {
    const made = await create({ name: 'Read me', description: 'Hello guests', deviceIds: [lock.id, gate.id] });
    // a permanent link's URL is the owner's alone to read (nobody else could make it); an administrator sees the rest
    const asAdmin = await api('GET', `${base()}/${made.json.result.id}`, {
      key: await c.admin.keyWith(['AccessLink.Read']),
    });
    expect(asAdmin.json.result.accessLinkUrl).toBeNull();
    expect(asAdmin.json.result.accessLink.name).toBe('Read me');
    const res = await api('GET', `${base()}/${made.json.result.id}`, {
      key: await c.owner.keyWith(['AccessLink.Read']),
    });
    expect(res.status).toBe(200);
    expect(res.json.result).toEqual({
      accessLink: {
        id: made.json.result.id,
        name: 'Read me',
        description: 'Hello guests',
        repeatEvent: null,
        devices: [
          { id: lock.id, name: 'B front door', timeZone: 'Europe/Warsaw', order: 1, deviceType: 2 },
          { id: gate.id, name: 'A parking gate', timeZone: 'Europe/Warsaw', order: 2, deviceType: 5 },
        ],
      },
      accessLinkUrl: made.json.result.url,
    });
  });

  it('404 for an unknown id, a link of another organization, a member and an outsider', async () => {
    const made = await create({ name: 'hidden', deviceIds: [lock.id] });
    const id = made.json.result.id;
    expect((await api('GET', `${base()}/00000000-0000-4000-8000-000000000000`, { key: c.admin.key })).status).toBe(404);
    expect(
      (await api('GET', `/api/v37/organization/${c.other.id}/accesslink/${id}`, { key: c.outsider.key })).status,
    ).toBe(404);
    expect((await api('GET', `${base()}/${id}`, { key: c.member.key })).status).toBe(404);
    expect((await api('GET', `${base()}/${id}`, { key: c.outsider.key })).status).toBe(404);
    expect((await api('GET', `${base()}/${id}`, { key: await c.admin.keyWith(['Device.Read']) })).status).toBe(403);
  });
});
