import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccessLevel } from '@/db/schema';
import { api } from '../support/router';
import { grantUser } from '../support/factories/core';
import { createGate, createOrgLock, orgWithCast, type Cast } from '../support/factories/organization';

/**
 * Access links keep Tedee's RepeatEvent whole: dates, weekdays and a daily window, judged at each
 * door in its own zone, like an access. A link meant for Mon-Fri 08:00-17:00 used to open around
 * the clock. The clock is fixed here (the routes read new Date()).
 */
let c: Cast;
let lock: { id: number; name: string };
let gate: { id: number; name: string };
const base = () => `/api/v37/organization/${c.org.id}/accesslink`;
const guestIp = () => ({
  'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
});
// Warsaw is UTC+1 in winter: 08:00-17:00 there is 07:00-16:00 UTC
const OFFICE = {
  startDate: '2026-11-01T00:00:00Z',
  endDate: '2026-12-31T00:00:00Z',
  dayStartTime: '2026-11-02T07:00:00Z',
  dayEndTime: '2026-11-02T16:00:00Z',
  weekDays: 31,
};
const SATURDAY_10 = new Date('2026-11-28T09:00:00Z');
const MONDAY_10 = new Date('2026-11-30T09:00:00Z');
const MONDAY_18 = new Date('2026-11-30T17:00:00Z');

beforeAll(async () => {
  c = await orgWithCast({ timeZone: 'Europe/Warsaw' });
  lock = await createOrgLock(c.org.id, { name: 'Office door' });
  gate = await createGate(c.org.id, { name: 'Yard gate' });
  for (const d of [lock, gate]) await grantUser(d.id, c.owner.id, AccessLevel.owner);
});

afterEach(() => {
  vi.useRealTimers();
});

async function officeLink(name = `Office hours ${Math.random().toString(36).slice(2, 7)}`) {
  const res = await api('POST', base(), {
    key: c.owner.key,
    body: { name, description: 'Cleaners', deviceIds: [lock.id, gate.id], repeatEvent: OFFICE },
  });
  expect(res.status, res.text).toBe(201);
  return {
    ...(res.json.result as { id: string; url: string }),
    token: res.json.result.url.split('/link/')[1] as string,
    name,
  };
}

const at = (when: Date) => vi.useFakeTimers({ toFake: ['Date'], now: when });

describe('a link limited to Mon-Fri 08:00-17:00 at the door', () => {
  it('keeps the whole repeat event and answers it back', async () => {
    const l = await officeLink();
    const got = await api('GET', `${base()}/${l.id}`, { key: c.owner.key });
    expect(got.json.result.accessLink.repeatEvent).toEqual({
      startDate: '2026-11-01T00:00:00.000Z',
      endDate: '2026-12-31T00:00:00.000Z',
      dayStartTime: '2026-11-02T07:00:00.000Z',
      dayEndTime: '2026-11-02T16:00:00.000Z',
      weekDays: 31,
    });
  });

  it('refuses to open on Saturday and after 17:00, says when it works; opens on Monday at 10:00', async () => {
    const l = await officeLink();
    at(SATURDAY_10);
    const page = await api('GET', `/api/v37/link/${l.token}`, { headers: guestIp() });
    expect(page.status).toBe(200);
    expect(page.json.result.hours).toBe('Mon–Fri 08:00–17:00 Warsaw time');
    expect(page.json.result.devices).toEqual([
      expect.objectContaining({
        id: lock.id,
        canOpen: false,
        closedNow: 'This link opens Office door Mon–Fri 08:00–17:00 Warsaw time; it is Saturday 10:00 there.',
      }),
      expect.objectContaining({ id: gate.id, canOpen: false }),
    ]);
    for (const d of [lock, gate]) {
      const r = await api('POST', `/api/v37/link/${l.token}/device/${d.id}/open`, { headers: guestIp() });
      expect(r.status).toBe(403);
      expect(r.json.errorMessages[0]).toMatch(
        /^This link opens .+ Mon–Fri 08:00–17:00 Warsaw time; it is Saturday 10:00 there\.$/,
      );
    }
    at(MONDAY_18);
    expect((await api('POST', `/api/v37/link/${l.token}/device/${gate.id}/open`, { headers: guestIp() })).status).toBe(
      403,
    );
    at(MONDAY_10);
    expect(
      (await api('GET', `/api/v37/link/${l.token}`, { headers: guestIp() })).json.result.devices.map(
        (d: { canOpen: boolean }) => d.canOpen,
      ),
    ).toEqual([true, true]);
    expect((await api('POST', `/api/v37/link/${l.token}/device/${gate.id}/open`, { headers: guestIp() })).status).toBe(
      202,
    );
  });

  it('refuses weekdays outside 1..127 and a daily window that starts and ends at once; nothing is saved', async () => {
    const before = (await api('GET', base(), { key: c.owner.key })).json.result.items.length;
    for (const bad of [
      { weekDays: 0 },
      { weekDays: 128 },
      { weekDays: 1.5 },
      { dayEndTime: OFFICE.dayStartTime },
      { dayStartTime: 'at eight' },
    ]) {
      const res = await api('POST', base(), {
        key: c.owner.key,
        body: { name: 'bad', deviceIds: [lock.id], repeatEvent: { ...OFFICE, ...bad } },
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await api('GET', base(), { key: c.owner.key })).json.result.items.length).toBe(before);
  });

  it('a PATCH with a repeat event replaces it whole; without the weekly part the link works all day', async () => {
    const l = await officeLink();
    const res = await api('PATCH', `${base()}/${l.id}`, {
      key: c.owner.key,
      body: { repeatEvent: { startDate: OFFICE.startDate, endDate: OFFICE.endDate } },
    });
    expect(res.status).toBe(200);
    expect(
      (await api('GET', `${base()}/${l.id}`, { key: c.owner.key })).json.result.accessLink.repeatEvent,
    ).toMatchObject({ dayStartTime: null, dayEndTime: null, weekDays: null });
    at(SATURDAY_10);
    expect((await api('POST', `/api/v37/link/${l.token}/device/${gate.id}/open`, { headers: guestIp() })).status).toBe(
      202,
    );
  });
});

describe("the link list speaks Tedee's names", () => {
  it('{items, page, itemsPerPage}; filters.LinkName, repeated filters.DeviceId, filters.StartDate and filters.EndDate', async () => {
    const c2 = await orgWithCast();
    const [a, b] = [await createOrgLock(c2.org.id), await createGate(c2.org.id)];
    for (const d of [a, b]) await grantUser(d.id, c2.owner.id, AccessLevel.owner);
    const make = (name: string, deviceIds: number[], repeatEvent: unknown) =>
      api('POST', `/api/v37/organization/${c2.org.id}/accesslink`, {
        key: c2.owner.key,
        body: { name, deviceIds, repeatEvent },
      });
    await make('January cleaners', [a.id], { startDate: '2030-01-01T00:00:00Z', endDate: '2030-02-01T00:00:00Z' });
    await make('March painters', [b.id], { startDate: '2030-03-01T00:00:00Z', endDate: '2030-04-01T00:00:00Z' });
    await make('Forever caretaker', [a.id, b.id], null);
    const list = async (q: string) => {
      const r = await api('GET', `/api/v37/organization/${c2.org.id}/accesslink?${q}`, { key: c2.owner.key });
      expect(r.status, r.text).toBe(200);
      expect(Object.keys(r.json.result).sort()).toEqual(['items', 'itemsPerPage', 'page']);
      return r.json.result.items.map((l: { name: string }) => l.name).sort();
    };
    expect(await list('')).toEqual(['Forever caretaker', 'January cleaners', 'March painters']);
    expect(await list('filters.LinkName=CLEAN')).toEqual(['January cleaners']);
    expect(await list(`filters.DeviceId=${a.id}`)).toEqual(['Forever caretaker', 'January cleaners']);
    expect(await list(`filters.DeviceId=${a.id}&filters.DeviceId=${b.id}`)).toEqual([
      'Forever caretaker',
      'January cleaners',
      'March painters',
    ]);
    expect(await list('filters.StartDate=2030-02-15T00:00:00Z')).toEqual(['Forever caretaker', 'March painters']);
    expect(await list('filters.EndDate=2030-02-15T00:00:00Z')).toEqual(['Forever caretaker', 'January cleaners']);
    expect(await list('filters.StartDate=2030-01-15T00:00:00Z&filters.EndDate=2030-01-20T00:00:00Z')).toEqual([
      'Forever caretaker',
      'January cleaners',
    ]);
    for (const q of ['filters.DeviceId=x', 'filters.StartDate=soon']) {
      expect(
        (await api('GET', `/api/v37/organization/${c2.org.id}/accesslink?${q}`, { key: c2.owner.key })).status,
        q,
      ).toBe(400);
    }
  });

  it('GET .../accesslink/{id}/url answers {url}; 404 for another organization’s link, a member or an outsider', async () => {
    const l = await officeLink();
    const r = await api('GET', `${base()}/${l.id}/url`, { key: await c.owner.keyWith(['AccessLink.Read']) });
    expect(r.status).toBe(200);
    expect(r.json.result).toEqual({ url: l.url });
    expect((await api('GET', `${base()}/${l.id}/url`, { key: c.member.key })).status).toBe(404);
    expect(
      (await api('GET', `/api/v37/organization/${c.other.id}/accesslink/${l.id}/url`, { key: c.outsider.key })).status,
    ).toBe(404);
  });

  it('names up to 450 characters, as Tedee allows', async () => {
    expect((await officeLink('n'.repeat(450))).name).toHaveLength(450);
    const res = await api('POST', base(), {
      key: c.owner.key,
      body: { name: 'n'.repeat(451), deviceIds: [lock.id], repeatEvent: OFFICE },
    });
    expect(res.status).toBe(400);
    expect(res.json.errorMessages.join()).toMatch(/450/);
  });
});
