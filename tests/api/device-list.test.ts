import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '@/db/schema';
import { DoorState, LockState } from '@/lib/shared/devices/codes';
import { createBridge, createLock, grantUser } from '../support/factories/core';
import { createDoorSensor, setDevice } from '../support/factories/devices';
import { createGate, orgWithCast, type Cast } from '../support/factories/organization';
import { createSite } from '../support/factories/sites';
import { api } from '../support/router';

/**
 * Issue 34: the Devices page of an organization of 10,000 devices reads one page of rows
 * (GET /my/device/list, ours), not every device's details: the order (doors that cannot open
 * first, then what needs attention, then by name), the filters and the paging are the database's,
 * and what each row says is what GET /my/attention says, to the same caller.
 */

let c: Cast;
const dev: Record<string, { id: number; name: string }> = {};
let office: { id: number };
let residence: { id: number };

beforeAll(async () => {
  c = await orgWithCast();
  const org = c.org.id;
  office = await createSite(org, { name: 'Office' });
  residence = await createSite(org, { name: 'Residence' });
  const hall = await createBridge({ organizationId: org, name: 'Hall bridge', isConnected: false });
  const yard = await createBridge({ organizationId: org, name: 'Yard bridge' });
  dev.hall = hall;
  dev.yard = yard;
  dev.back = await createLock({ bridge: hall, organizationId: org, name: 'Back door' });
  dev.cellar = await createLock({ bridge: yard, organizationId: org, name: 'Cellar door' });
  await setDevice(dev.cellar.id, { batteryLevel: 0, isCharging: false });
  dev.front = await createLock({ bridge: yard, organizationId: org, name: 'Front door', siteId: office.id });
  dev.porch = await createLock({ bridge: yard, organizationId: org, name: 'Porch door', siteId: residence.id });
  await setDevice(dev.porch.id, { doorState: DoorState.opened });
  dev.garden = await createLock({ bridge: yard, organizationId: org, name: 'Garden door' });
  // pulled an hour ago: its spring let go long since, so it reads unlocked
  await setDevice(dev.garden.id, { state: LockState.pulled, lastStateChangedDate: new Date(Date.now() - 3_600_000) });
  dev.shed = await createLock({ organizationId: org, name: 'Shed door' });
  dev.gate = await createGate(org, { name: 'Car park gate', isConnected: false }, { isConnected: false });
  dev.sensor = await createDoorSensor(dev.front, { organizationId: org, name: 'Side sensor', batteryLevel: 10 });
  for (const d of Object.values(dev)) await grantUser(d.id, c.owner.id, AccessLevel.owner);
  // the administrator: the lock behind the offline bridge (not the bridge), the front door, and
  // the shed door no longer (an access that ended yesterday)
  await grantUser(dev.back.id, c.admin.id, AccessLevel.administrator);
  await grantUser(dev.front.id, c.admin.id, AccessLevel.administrator);
  await grantUser(dev.shed.id, c.admin.id, AccessLevel.administrator, {
    startDate: new Date(Date.now() - 7 * 86_400_000),
    endDate: new Date(Date.now() - 86_400_000),
  });
  await grantUser(dev.front.id, c.member.id, AccessLevel.guest);
});

interface Row {
  id: number;
  name: string;
  cannotOpen: boolean;
  problems: string[];
  [k: string]: unknown;
}
interface ListAnswer {
  page: number;
  itemsPerPage: number;
  total: number;
  counts: { devices: number; cannotOpen: number; needAttention: number; withoutSite: boolean };
  devices: Row[];
}

async function list(key: string, query = ''): Promise<ListAnswer> {
  const r = await api('GET', `/api/v37/my/device/list${query}`, { key });
  expect(r.status, query).toBe(200);
  return r.json.result;
}
const names = (a: ListAnswer) => a.devices.map((d) => d.name);
/** The owner's devices that need attention, in the list's order: the four that cannot open (by name), then the others. */
const FLAGGED = ['Back door', 'Car park gate', 'Cellar door', 'Shed door', 'Hall bridge', 'Porch door', 'Side sensor'];

describe('GET /my/device/list', () => {
  it('the owner: doors that cannot open first, then what needs attention, then by name; counts of everything', async () => {
    const a = await list(c.owner.key);
    expect(names(a)).toEqual([...FLAGGED, 'Front door', 'Garden door', 'Yard bridge']);
    expect(a).toMatchObject({
      page: 1,
      itemsPerPage: 100,
      total: 10,
      counts: { devices: 10, cannotOpen: 4, needAttention: 3, withoutSite: true },
    });
    expect(a.devices.map((d) => d.cannotOpen)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("each row's words are exactly what GET /my/attention says of the device to the same caller", async () => {
    for (const u of [c.owner, c.admin, c.member]) {
      const att = (await api('GET', '/api/v37/my/attention', { key: u.key })).json.result as {
        cannotOpen: Array<{ deviceId: number; words: string }>;
        notices: Array<{ deviceId: number; words: string }>;
      };
      const said = new Map<number, string[]>();
      for (const x of [...att.cannotOpen, ...att.notices])
        said.set(x.deviceId, [...(said.get(x.deviceId) ?? []), x.words]);
      const blocked = new Set(att.cannotOpen.map((x) => x.deviceId));
      const a = await list(u.key);
      for (const row of a.devices) {
        expect(row.problems, `${u.email}: ${row.name}`).toEqual(said.get(row.id) ?? []);
        expect(row.cannotOpen, `${u.email}: ${row.name}`).toBe(blocked.has(row.id));
      }
    }
    const owner = await list(c.owner.key);
    expect(owner.devices[0].problems).toEqual([
      'Its bridge Hall bridge is offline: nobody can open it from afar until the bridge is back.',
    ]);
  });

  it('each kind in its row: a lock as its own read shows it, a lock without a bridge, a gate, a bridge, a door sensor', async () => {
    const a = await list(c.owner.key);
    const row = (d: { id: number }) => a.devices.find((r) => r.id === d.id)!;
    const front = (await api('GET', `/api/v37/my/lock/${dev.front.id}`, { key: c.owner.key })).json.result;
    expect(row(dev.front)).toEqual({
      id: dev.front.id,
      name: 'Front door',
      type: front.type,
      kind: 'lock',
      organizationId: c.org.id,
      siteId: office.id,
      timeZone: front.timeZone,
      isConnected: true,
      linked: true,
      state: front.deviceState.state,
      doorState: front.deviceState.doorState,
      batteryLevel: front.deviceState.batteryLevel,
      isCharging: front.deviceState.isCharging,
      lastStateChangedDate: front.deviceState.lastStateChangedDate,
      cannotOpen: false,
      problems: [],
    });
    expect(row(dev.garden)).toMatchObject({ kind: 'lock', state: LockState.unlocked });
    expect(row(dev.shed)).toMatchObject({
      kind: 'lock',
      isConnected: null,
      state: null,
      doorState: null,
      batteryLevel: null,
      lastStateChangedDate: null,
      cannotOpen: true,
    });
    expect(row(dev.gate)).toMatchObject({ kind: 'gate', isConnected: false, linked: true, state: null });
    expect(row(dev.hall)).toMatchObject({ kind: 'bridge', isConnected: false, batteryLevel: null });
    expect(row(dev.yard)).toMatchObject({ kind: 'bridge', isConnected: true, problems: [] });
    expect(row(dev.sensor)).toMatchObject({ kind: 'doorSensor', isConnected: null, batteryLevel: 10 });
  });

  it('filters by a part of the name (% and _ literal), kind, site (0: none) and problems; counts stay unfiltered', async () => {
    const doors = await list(c.owner.key, '?filters.text=DOOR');
    expect(names(doors)).toEqual(['Back door', 'Cellar door', 'Shed door', 'Porch door', 'Front door', 'Garden door']);
    expect(doors.total).toBe(6);
    expect(doors.counts).toEqual({ devices: 10, cannotOpen: 4, needAttention: 3, withoutSite: true });
    expect((await list(c.owner.key, '?filters.text=%25')).total).toBe(0);
    expect((await list(c.owner.key, '?filters.text=_')).total).toBe(0);
    expect(names(await list(c.owner.key, '?kind=gate'))).toEqual(['Car park gate']);
    expect(names(await list(c.owner.key, '?kind=bridge'))).toEqual(['Hall bridge', 'Yard bridge']);
    expect(names(await list(c.owner.key, '?kind=doorSensor'))).toEqual(['Side sensor']);
    expect(names(await list(c.owner.key, '?kind=lock&filters.text=o'))).toEqual([
      'Back door',
      'Cellar door',
      'Shed door',
      'Porch door',
      'Front door',
      'Garden door',
    ]);
    expect(names(await list(c.owner.key, `?siteId=${office.id}`))).toEqual(['Front door']);
    expect(names(await list(c.owner.key, `?siteId=${residence.id}`))).toEqual(['Porch door']);
    expect(await list(c.owner.key, '?siteId=0')).toMatchObject({ total: 8 });
    const problems = await list(c.owner.key, '?problems=true');
    expect(names(problems)).toEqual(FLAGGED);
    expect(names(await list(c.owner.key, `?problems=true&siteId=${residence.id}&filters.text=porch`))).toEqual([
      'Porch door',
    ]);
  });

  it('deviceId names the devices wanted, of those the caller sees; orderBy=name is by name only (a picker)', async () => {
    const theirs = await createBridge({ name: 'Not theirs' });
    const few = await list(c.admin.key, `?deviceId=${dev.front.id}&deviceId=${dev.hall.id}&deviceId=${theirs.id}`);
    expect(names(few)).toEqual(['Front door']);
    expect(few.total).toBe(1);
    expect(names(await list(c.owner.key, `?deviceId=${dev.yard.id}&deviceId=${dev.back.id}`))).toEqual([
      'Back door',
      'Yard bridge',
    ]);
    expect(names(await list(c.owner.key, '?orderBy=name&itemsPerPage=4'))).toEqual([
      'Back door',
      'Car park gate',
      'Cellar door',
      'Front door',
    ]);
  });

  it('pages in that order: the second page of three starts where the first ended, total unchanged', async () => {
    const p1 = await list(c.owner.key, '?itemsPerPage=3');
    const p2 = await list(c.owner.key, '?itemsPerPage=3&page=2');
    const p4 = await list(c.owner.key, '?itemsPerPage=3&page=4');
    expect(names(p1)).toEqual(['Back door', 'Car park gate', 'Cellar door']);
    expect(names(p2)).toEqual(['Shed door', 'Hall bridge', 'Porch door']);
    expect(names(p4)).toEqual(['Yard bridge']);
    expect([p1.total, p2.total, p4.total]).toEqual([10, 10, 10]);
    expect((await list(c.owner.key, '?itemsPerPage=3&page=5')).devices).toEqual([]);
  });

  it('an administrator: only what they hold now, the bridge they do not hold unnamed; an ended access is gone', async () => {
    const a = await list(c.admin.key);
    expect(names(a)).toEqual(['Back door', 'Front door']);
    expect(a.counts).toEqual({ devices: 2, cannotOpen: 1, needAttention: 0, withoutSite: true });
    expect(a.devices[0].problems).toEqual([
      'Its bridge is offline: nobody can open it from afar until the bridge is back.',
    ]);
    expect(JSON.stringify(a)).not.toContain('Hall bridge');
  });

  it('a guest sees their one door; an outsider an empty list with zero counts', async () => {
    const m = await list(c.member.key);
    expect(names(m)).toEqual(['Front door']);
    expect(m.counts).toEqual({ devices: 1, cannotOpen: 0, needAttention: 0, withoutSite: false });
    const o = await list(c.outsider.key);
    expect(o).toEqual({
      page: 1,
      itemsPerPage: 100,
      total: 0,
      counts: { devices: 0, cannotOpen: 0, needAttention: 0, withoutSite: false },
      devices: [],
    });
  });

  it('refuses a kind, a site or a page it does not know (400), naming the field', async () => {
    for (const q of [
      'kind=door',
      'siteId=-1',
      'problems=maybe',
      'itemsPerPage=101',
      'page=0',
      'deviceId=abc',
      'orderBy=size',
    ]) {
      const r = await api('GET', `/api/v37/my/device/list?${q}`, { key: c.owner.key });
      expect(r.status, q).toBe(400);
      expect(JSON.stringify(r.json), q).toContain(q.split('=')[0]);
    }
  });
});
