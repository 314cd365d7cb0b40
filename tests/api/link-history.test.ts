import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import { AccessLevel, accessLinkUses, deviceAccess, devices, rateLimits } from '@/db/schema';
import { LINK_LIMITS } from '@/lib/domain/accesslinks/guest';
import { REFUSALS_RECORDED } from '@/lib/domain/accesslinks/history';
import { api } from '../support/router';
import { createKey, createUser, db, grantUser } from '../support/factories/core';
import { eventually } from '../support/factories/devices';
import { createGate, createOrgLock, orgWithCast, type Cast } from '../support/factories/organization';

let c: Cast;
let lock: { id: number; connectedToId: number | null };
let gate: { id: number };
const HOUR = 3_600_000;
const ip = () => ({ 'x-forwarded-for': `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
const LINKS = () => `/api/v37/organization/${c.org.id}/accesslink`;

/** A link made by the organization's owner (who owns its devices), with its id and token. */
async function link(repeatEvent: Record<string, unknown> | null = null, deviceIds = [gate.id, lock.id]) {
  await (await db())
    .insert(deviceAccess)
    .values(
      deviceIds.map((deviceId) => ({ deviceId, principalType: 0, userId: c.owner.id, accessLevel: AccessLevel.owner })),
    )
    .onConflictDoNothing();
  const res = await api('POST', LINKS(), {
    key: c.owner.key,
    body: { name: `History ${randomUUID().slice(0, 6)}`, deviceIds, repeatEvent },
  });
  expect(res.status).toBe(201);
  return { id: res.json.result.id as string, token: (res.json.result.url as string).split('/link/')[1] };
}
const open = (token: string, deviceId: number) =>
  api('POST', `/api/v37/link/${token}/device/${deviceId}/open`, { headers: ip() });
const history = (id: string, key = c.admin.key, q = '') => api('GET', `${LINKS()}/${id}/history${q}`, { key });

beforeAll(async () => {
  c = await orgWithCast({ timeZone: 'Europe/Warsaw' });
  lock = await createOrgLock(c.org.id, { name: 'Front door', timeZone: 'Europe/Warsaw' });
  gate = await createGate(c.org.id, { name: 'Yard gate', timeZone: 'Europe/London' });
});

describe('GET .../accesslink/{id}/history', () => {
  it('lists each open with its door, time, zone and the device result, newest first', async () => {
    const l = await link();
    const first = await open(l.token, gate.id);
    expect(first.status).toBe(202);
    const second = await open(l.token, lock.id);
    expect(second.status).toBe(202);
    const res = await eventually(async () => {
      const r = await history(l.id);
      return r.json.result.items.every((i: { result: string }) => i.result !== 'pending') ? r : null;
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json.result).sort()).toEqual(['items', 'itemsPerPage', 'page']);
    expect(res.json.result).toMatchObject({ page: 1, itemsPerPage: 100 });
    const [newest, older] = res.json.result.items;
    expect(newest).toEqual({
      id: expect.any(Number),
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/),
      deviceId: lock.id,
      deviceName: 'Front door',
      deviceType: 2,
      timeZone: 'Europe/Warsaw',
      accepted: true,
      result: 'opened',
      operationId: second.json.result.operationId,
    });
    expect(older).toMatchObject({
      deviceId: gate.id,
      deviceName: 'Yard gate',
      deviceType: 5,
      timeZone: 'Europe/London',
      accepted: true,
      result: 'opened',
      operationId: first.json.result.operationId,
    });
    expect(newest.date >= older.date).toBe(true);
  });

  it('records refusals: not yet valid, expired, outside the weekly window, grantor gone, door unreachable, rate-limited', async () => {
    const later = await link({
      startDate: new Date(Date.now() + HOUR).toISOString(),
      endDate: new Date(Date.now() + 2 * HOUR).toISOString(),
    });
    expect((await open(later.token, gate.id)).status).toBe(404);
    expect((await history(later.id)).json.result.items).toMatchObject([
      { deviceId: gate.id, accepted: false, result: 'notYetValid', operationId: null },
    ]);

    const past = await link({
      startDate: new Date(Date.now() - 2 * HOUR).toISOString(),
      endDate: new Date(Date.now() - HOUR).toISOString(),
    });
    expect((await open(past.token, lock.id)).status).toBe(410);
    // the guest page of an ended link is a refusal too (the door is not named: none was chosen)
    expect((await api('GET', `/api/v37/link/${past.token}`, { headers: ip() })).status).toBe(410);
    expect((await history(past.id)).json.result.items).toMatchObject([
      { deviceId: null, deviceName: null, timeZone: 'Europe/Warsaw', result: 'expired' },
      { deviceId: lock.id, result: 'expired' },
    ]);

    // a window of one hour that has just closed, every day, at the door
    const closedHour = {
      startDate: new Date(Date.now() - 48 * HOUR).toISOString(),
      endDate: new Date(Date.now() + 48 * HOUR).toISOString(),
      dayStartTime: new Date(Date.now() - 3 * HOUR).toISOString(),
      dayEndTime: new Date(Date.now() - 2 * HOUR).toISOString(),
      weekDays: null,
    };
    const weekly = await link(closedHour);
    expect((await open(weekly.token, lock.id)).status).toBe(403);
    expect((await history(weekly.id)).json.result.items).toMatchObject([
      { deviceId: lock.id, result: 'outsideSchedule' },
    ]);

    // the administrator who put the door on the link loses their access
    const door = await createOrgLock(c.org.id, { name: 'Side door' });
    await grantUser(door.id, c.admin.id, AccessLevel.administrator);
    const made = await api('POST', LINKS(), {
      key: c.admin.key,
      body: {
        name: 'By admin',
        deviceIds: [door.id],
        repeatEvent: {
          startDate: new Date(Date.now() - HOUR).toISOString(),
          endDate: new Date(Date.now() + HOUR).toISOString(),
        },
      },
    });
    const byAdmin = { id: made.json.result.id as string, token: (made.json.result.url as string).split('/link/')[1] };
    await (await db()).delete(deviceAccess).where(eq(deviceAccess.deviceId, door.id));
    expect((await open(byAdmin.token, door.id)).status).toBe(403);
    expect((await history(byAdmin.id, c.owner.key)).json.result.items).toMatchObject([
      { deviceId: door.id, deviceName: 'Side door', result: 'noLongerAllowed' },
    ]);

    const offline = await createGate(c.org.id, { name: 'Back gate' }, { isConnected: false });
    const far = await link(null, [offline.id]);
    expect((await open(far.token, offline.id)).status).toBe(423);
    expect((await history(far.id)).json.result.items).toMatchObject([{ deviceId: offline.id, result: 'unreachable' }]);

    // the link's budget spent for this minute: the first refused request is recorded, the next alike are not
    const busy = await link(null, [gate.id]);
    const windowStart = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    await (await db())
      .insert(rateLimits)
      .values({ key: `link:${busy.id}`, windowStart, count: LINK_LIMITS.perLink.max });
    expect((await open(busy.token, gate.id)).status).toBe(429);
    expect((await open(busy.token, gate.id)).status).toBe(429);
    expect((await history(busy.id)).json.result.items).toMatchObject([{ deviceId: null, result: 'rateLimited' }]);
  });

  it('pages newest first, and keeps at most 30 refusals a minute per link', async () => {
    const past = await link({
      startDate: new Date(Date.now() - 2 * HOUR).toISOString(),
      endDate: new Date(Date.now() - HOUR).toISOString(),
    });
    // the budget counts in fixed minutes: start early in one, so that the attempts share it (and
    // should they still reach into the next minute, each minute is held to the budget on its own)
    const windowMs = REFUSALS_RECORDED.windowSeconds * 1000;
    if (windowMs - (Date.now() % windowMs) < 20_000)
      await new Promise((r) => setTimeout(r, windowMs - (Date.now() % windowMs) + 50));
    for (let i = 0; i < REFUSALS_RECORDED.max + 3; i++) await open(past.token, gate.id);
    const rows = await (await db()).select().from(accessLinkUses).where(eq(accessLinkUses.accessLinkId, past.id));
    const perWindow = new Map<number, number>();
    for (const r of rows)
      perWindow.set(
        Math.floor(r.at.getTime() / windowMs),
        (perWindow.get(Math.floor(r.at.getTime() / windowMs)) ?? 0) + 1,
      );
    for (const n of perWindow.values()) expect(n).toBeLessThanOrEqual(REFUSALS_RECORDED.max);
    expect(rows.length).toBeGreaterThanOrEqual(REFUSALS_RECORDED.max);
    if (perWindow.size === 1) expect(rows.length).toBe(REFUSALS_RECORDED.max);
    const p1 = await history(past.id, c.admin.key, '?page=1&itemsPerPage=20');
    const p2 = await history(past.id, c.admin.key, '?page=2&itemsPerPage=20');
    expect(p1.json.result.items).toHaveLength(20);
    expect(p2.json.result.items).toHaveLength(Math.min(20, rows.length - 20));
    const ids = [...p1.json.result.items, ...p2.json.result.items].map((i: { id: number }) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('never keeps the token: no column of the history holds it', async () => {
    const l = await link(null, [gate.id]);
    await open(l.token, gate.id);
    const [row] = rowsOf<{ t: string }>(
      await (await db()).execute(
        sql`select row_to_json(u)::text as t from access_link_uses u where access_link_id = ${l.id}`,
      ),
    );
    expect(row.t).not.toContain(l.token);
  });

  it('a door deleted since keeps its name in the history', async () => {
    const shed = await createGate(c.org.id, { name: 'Shed gate' });
    const l = await link(null, [shed.id]);
    await open(l.token, shed.id);
    await (await db()).delete(devices).where(eq(devices.id, shed.id));
    expect((await history(l.id)).json.result.items).toMatchObject([
      { deviceId: null, deviceName: 'Shed gate', deviceType: null, timeZone: 'Europe/Warsaw' },
    ]);
  });
});

describe('who may read a link history (lib/domain/policy: manageLinks)', () => {
  it('organization administrators and owner: 200; a member, a device guest, another organization: 404 like a missing link', async () => {
    const l = await link(null, [gate.id]);
    expect((await history(l.id, c.owner.key)).status).toBe(200);
    expect((await history(l.id, c.admin.key)).status).toBe(200);
    const member = await history(l.id, c.member.key);
    expect(member.status).toBe(404);
    expect(member.json).toEqual({ success: false, errorMessages: ['Organization not found.'], statusCode: 404 });
    expect((await history(l.id, c.outsider.key)).status).toBe(404);
    // a guest on the link's door, not in the organization
    const guest = await createUser();
    await grantUser(gate.id, guest.id, AccessLevel.guest);
    expect((await history(l.id, await createKey(guest.id, ['AccessLink.Read']))).status).toBe(404);
    // a link of another organization under this organization's path
    expect((await history(randomUUID())).status).toBe(404);
    // a key without the scope
    expect((await history(l.id, await createKey(c.admin.id, ['Device.Read']))).status).toBe(403);
  });
});
