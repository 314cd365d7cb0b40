import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { withConfig } from '@/tests/support/config';
import { AccessLevel, deviceAccess, deviceActivity, devices } from '@/db/schema';
import { setFault } from '@/lib/devices/external-gates/faults';
import { api } from '../support/router';
import { createLock, db } from '../support/factories/core';
import { createGate, createOrgLock, orgWithCast, type Cast } from '../support/factories/organization';

let c: Cast;
let lock: { id: number };
let gate: { id: number };
let other: { id: number };
const HOUR = 3_600_000;
const ip = () => ({
  'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
});

/** A link made by the organization's owner, who owns its devices (a link gives no more than its maker may use). */
async function link(repeatEvent: { startDate: string; endDate: string } | null = null, deviceIds = [gate.id, lock.id]) {
  await (await db())
    .insert(deviceAccess)
    .values(
      deviceIds.map((deviceId) => ({ deviceId, principalType: 0, userId: c.owner.id, accessLevel: AccessLevel.owner })),
    )
    .onConflictDoNothing();
  const res = await api('POST', `/api/v37/organization/${c.org.id}/accesslink`, {
    key: c.owner.key,
    body: {
      name: `Guest link ${randomUUID().slice(0, 6)}`,
      description: 'Welcome! Use the gate first.',
      deviceIds,
      repeatEvent,
    },
  });
  expect(res.status).toBe(201);
  return { id: res.json.result.id as string, token: (res.json.result.url as string).split('/link/')[1] };
}
const guest = (method: string, path: string, headers: Record<string, string> = ip()) =>
  api(method, `/api/v37/link/${path}`, { headers });
const poll = async (token: string, opId: string, headers: Record<string, string>) => {
  for (let i = 0; i < 50; i++) {
    const r = await guest('GET', `${token}/operation/${opId}`, headers);
    if (r.json.result?.status !== 'PENDING') return r;
    await new Promise((res) => setTimeout(res, 20));
  }
  throw new Error('operation never completed');
};

beforeAll(async () => {
  c = await orgWithCast({ timeZone: 'Europe/Warsaw' });
  lock = await createOrgLock(c.org.id, { name: 'Front door' });
  gate = await createGate(c.org.id, { name: 'Yard gate' });
  other = await createOrgLock(c.org.id, { name: 'Not on the link' });
});

describe('GET /link/{token}', () => {
  it('shows description, devices in order and window state, never the name; private headers', async () => {
    const start = new Date(Date.now() - HOUR).toISOString();
    const end = new Date(Date.now() + HOUR).toISOString();
    const { token } = await link({ startDate: start, endDate: end });
    const res = await guest('GET', token);
    expect(res.status).toBe(200);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json.result).toEqual({
      description: 'Welcome! Use the gate first.',
      organizationName: c.org.name,
      timeZone: 'Europe/Warsaw',
      validFrom: new Date(start).toISOString(),
      validUntil: new Date(end).toISOString(),
      hours: null,
      state: 'active',
      lockdown: null,
      devices: [
        {
          id: gate.id,
          name: 'Yard gate',
          deviceType: 5,
          order: 1,
          timeZone: 'Europe/Warsaw',
          canOpen: true,
          closedNow: null,
        },
        {
          id: lock.id,
          name: 'Front door',
          deviceType: 2,
          order: 2,
          timeZone: 'Europe/Warsaw',
          canOpen: true,
          closedNow: null,
        },
      ],
    });
    expect(JSON.stringify(res.json)).not.toContain('Guest link');
    // the guest's page reads the same view, inside its window (tests/api/link-not-started.test.ts: outside it)
    const page = await guest('GET', `${token}/page`);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.json.result).toEqual({ kind: 'ok', link: res.json.result });
  });

  it('outside its window a link shows nothing of itself: 404 before it starts, 410 once expired; a permanent link is active', async () => {
    const soonStart = new Date(Date.now() + HOUR);
    const soon = await link({
      startDate: soonStart.toISOString(),
      endDate: new Date(Date.now() + 2 * HOUR).toISOString(),
    });
    const before = await guest('GET', soon.token);
    expect(before.status).toBe(404);
    expect(before.json.errorMessages[0]).toMatch(/not valid yet/);
    const past = await link({
      startDate: new Date(Date.now() - 2 * HOUR).toISOString(),
      endDate: new Date(Date.now() - HOUR).toISOString(),
    });
    const after = await guest('GET', past.token);
    expect(after.status).toBe(410);
    expect(after.json.errorMessages[0]).toMatch(/expired/);
    for (const r of [before, after]) {
      expect(r.json.result).toBeUndefined();
      // neither the description, the doors nor the window
      for (const secret of ['Welcome', 'Yard gate', 'Front door', soonStart.toISOString().slice(0, 13)])
        expect(r.text).not.toContain(secret);
      // nor a door's id (as a number of its own: a fresh database's gate may be 4, as in "statusCode":404)
      expect(r.text).not.toMatch(new RegExp(`(?<![\\d.])${gate.id}(?![\\d.])`));
    }
    const forever = await link(null);
    expect((await guest('GET', forever.token)).json.result).toMatchObject({
      state: 'active',
      validFrom: null,
      validUntil: null,
    });
  });

  it('404 for an unknown, malformed or deleted token, also with private headers', async () => {
    const { id, token } = await link();
    const h = ip();
    const unknown = await guest('GET', 'A'.repeat(43), h);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('referrer-policy')).toBe('no-referrer');
    expect(unknown.headers.get('cache-control')).toBe('no-store');
    expect((await guest('GET', 'short', h)).status).toBe(404);
    expect(
      (await api('DELETE', `/api/v37/organization/${c.org.id}/accesslink/${id}`, { key: c.admin.key })).status,
    ).toBe(204);
    expect((await guest('GET', token, h)).status).toBe(404);
  });
});

describe('POST /link/{token}/device/{id}/open', () => {
  it('opens a gate inside the window: 202, completed, activity 10001 naming the link', async () => {
    const { id, token } = await link({
      startDate: new Date(Date.now() - HOUR).toISOString(),
      endDate: new Date(Date.now() + HOUR).toISOString(),
    });
    const res = await guest('POST', `${token}/device/${gate.id}/open`);
    expect(res.status).toBe(202);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json.result).toMatchObject({ deviceId: gate.id, status: 'COMPLETED', result: 0, outcome: 'Opened' });
    const rows = await (await db())
      .select()
      .from(deviceActivity)
      .where(and(eq(deviceActivity.deviceId, gate.id), eq(deviceActivity.accessLinkId, id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: 10001, source: 1, userId: null, operationId: res.json.result.operationId });
    expect(rows[0].username).toMatch(/^Guest link /); // the log names the link, not "an access link"
  });

  it('unlocks a lock: 202 pending, then the outcome by polling; activity 228 with the link', async () => {
    const { id, token } = await link();
    const h = ip();
    // a command long enough that a loaded machine still answers before the lock has finished
    const res = await withConfig({ SIM_COMMAND_MS: '400' }, () => guest('POST', `${token}/device/${lock.id}/open`, h));
    expect(res.status).toBe(202);
    expect(res.json.result).toMatchObject({ deviceId: lock.id, status: 'PENDING', result: null, outcome: null });
    const done = await poll(token, res.json.result.operationId, h);
    expect(done.status).toBe(200);
    expect(done.headers.get('referrer-policy')).toBe('no-referrer');
    expect(done.json.result).toMatchObject({ status: 'COMPLETED', result: 0, outcome: 'Opened' });
    const rows = await (await db())
      .select()
      .from(deviceActivity)
      .where(and(eq(deviceActivity.deviceId, lock.id), eq(deviceActivity.accessLinkId, id)));
    expect(rows.find((r) => r.event === 228)?.username).toMatch(/^Guest link /);
  });

  it('before the window: 404 without its dates; after: expired (410); nothing is opened', async () => {
    const start = new Date(Date.now() + HOUR);
    const soon = await link({ startDate: start.toISOString(), endDate: new Date(Date.now() + 2 * HOUR).toISOString() });
    const before = await guest('POST', `${soon.token}/device/${gate.id}/open`);
    expect(before.status).toBe(404);
    expect(before.json.errorMessages[0]).toContain('not valid yet');
    expect(before.text).not.toContain(DateTime.fromJSDate(start).setZone('Europe/Warsaw').toFormat('HH:mm'));
    const past = await link({
      startDate: new Date(Date.now() - 2 * HOUR).toISOString(),
      endDate: new Date(Date.now() - 1).toISOString(),
    });
    const after = await guest('POST', `${past.token}/device/${gate.id}/open`);
    expect(after.status).toBe(410);
    expect(after.json.errorMessages[0]).toMatch(/expired/);
    const d = await db();
    for (const l of [soon, past])
      expect(await d.select().from(deviceActivity).where(eq(deviceActivity.accessLinkId, l.id))).toEqual([]);
  });

  it('another device (even of the same organization) is 404, so is a device moved out of the organization', async () => {
    const { token } = await link(null, [gate.id]);
    expect((await guest('POST', `${token}/device/${other.id}/open`)).status).toBe(404);
    expect((await guest('POST', `${token}/device/999999999/open`)).status).toBe(404);
    const moving = await createGate(c.org.id);
    const l2 = await link(null, [moving.id]);
    await (await db()).update(devices).set({ organizationId: c.other.id }).where(eq(devices.id, moving.id));
    expect((await guest('POST', `${l2.token}/device/${moving.id}/open`)).status).toBe(404);
    expect((await guest('GET', l2.token)).json.result.devices).toEqual([]);
  });

  it('an operation of another link or a made-up id is 404', async () => {
    const a = await link(null, [gate.id]);
    const b = await link(null, [gate.id]);
    const op = (await guest('POST', `${a.token}/device/${gate.id}/open`)).json.result.operationId;
    expect((await guest('GET', `${a.token}/operation/${op}`)).status).toBe(200);
    expect((await guest('GET', `${b.token}/operation/${op}`)).status).toBe(404);
    expect((await guest('GET', `${a.token}/operation/${randomUUID()}`)).status).toBe(404);
  });

  it("a door the link cannot reach now is shown as such, in a guest's words naming the organization: no bridge, bridge offline, gate offline or unlinked", async () => {
    const d = await db();
    const unpaired = await createLock({ organizationId: c.org.id, name: 'Cellar door', timeZone: 'Europe/Warsaw' });
    const behindOffline = await createOrgLock(c.org.id, { name: 'Shed door' });
    await d.update(devices).set({ isConnected: false }).where(eq(devices.id, behindOffline.connectedToId!));
    const offGate = await createGate(c.org.id, { name: 'Back gate', isConnected: false });
    const goneGate = await createGate(c.org.id, { name: 'Old gate', isPresentInExternal: false });
    const { token } = await link(null, [unpaired.id, behindOffline.id, offGate.id, goneGate.id, lock.id]);
    const page = await guest('GET', token);
    const byName = Object.fromEntries(
      page.json.result.devices.map((x: { name: string; canOpen: boolean; closedNow: string | null }) => [x.name, x]),
    );
    const org = c.org.name;
    expect(byName['Cellar door']).toMatchObject({
      canOpen: false,
      closedNow: `Cellar door can only be opened at the door with the app, not with a link. Ask ${org} to let you in another way.`,
    });
    expect(byName['Shed door']).toMatchObject({
      canOpen: false,
      closedNow: expect.stringMatching(/^Shed door is offline right now/),
    });
    expect(byName['Back gate']).toMatchObject({ canOpen: false, closedNow: expect.stringContaining(`ask ${org}`) });
    expect(byName['Old gate']).toMatchObject({
      canOpen: false,
      closedNow: expect.stringMatching(/no longer connected/),
    });
    expect(byName['Front door']).toMatchObject({ canOpen: true, closedNow: null });
    // pressing anyway gets the device's own answer, as for every other caller (not a policy 403)
    expect((await guest('POST', `${token}/device/${unpaired.id}/open`)).status).not.toBe(403);
  });

  it('device failures come through: disconnected gate 423, timeout 408, busy lock 409', async () => {
    const offline = await createGate(c.org.id, {}, { isConnected: false });
    const slowGate = await createGate(c.org.id);
    const busyLock = await createOrgLock(c.org.id);
    const { token } = await link(null, [offline.id, slowGate.id, busyLock.id]);
    const h = ip();
    expect((await guest('POST', `${token}/device/${offline.id}/open`, h)).status).toBe(423);
    await setFault(await db(), slowGate.id, 'timeout');
    expect((await guest('POST', `${token}/device/${slowGate.id}/open`, h)).status).toBe(408);
    // the first command is still running when the second comes
    const first = await withConfig({ SIM_COMMAND_MS: '3000' }, () =>
      guest('POST', `${token}/device/${busyLock.id}/open`, h),
    );
    expect(first.status).toBe(202);
    const busy = await guest('POST', `${token}/device/${busyLock.id}/open`, h);
    expect(busy.status).toBe(409);
    expect(busy.headers.get('referrer-policy')).toBe('no-referrer');
  });
});
