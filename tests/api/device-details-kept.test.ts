import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/db/client';
import { AccessLevel, DeviceType } from '@/db/schema';
import { deviceDetails } from '@/lib/domain/devices/details';
import { listLocks } from '@/lib/domain/devices/locks';
import { loadVisible } from '@/lib/domain/devices/load';
import { lockShape } from '@/lib/domain/devices/lock-shape';
import { bridgeShape, gateShape } from '@/lib/domain/devices/other-shapes';
import { isLockType, LockState } from '@/lib/shared/devices/codes';
import type { ShapeOptions } from '@/lib/domain/devices/shape';
import {
  createBridge,
  createLock,
  createOrg,
  createUser,
  ctxOf,
  db,
  grantUser,
  type TestUser,
} from '../support/factories/core';
import { createDoorSensor, createGate } from '../support/factories/devices';
import { api } from '../support/router';

/**
 * GET /my/device/details keeps each device's answer between requests (lib/domain/devices/kept.ts):
 * the answers must be the ones built from the rows every time, whoever asks, after any change of a
 * row by any writer, and as time passes.
 */

/** The answer as built afresh from the rows (what the endpoint answered before answers were kept). */
async function fresh(u: TestUser, o: ShapeOptions, now = new Date()) {
  const ctx = await ctxOf(u, { via: 'key', now });
  const all = await loadVisible(ctx, {
    types: [DeviceType.bridge, DeviceType.lockPro, DeviceType.lockGo, DeviceType.gate, DeviceType.doorSensor],
    userSettings: o.includeUserSettings,
  });
  return JSON.stringify({
    bridges: all.filter((x) => x.d.type === DeviceType.bridge).map(bridgeShape),
    locks: all.filter((x) => isLockType(x.d.type)).map((x) => lockShape(x, now, o)),
    keypads: [],
    gates: all.filter((x) => x.d.type === DeviceType.gate).map((x) => gateShape(x, o.includeUserSettings)),
    dryContacts: [],
  });
}

async function kept(u: TestUser, o: ShapeOptions, now = new Date()) {
  return (await deviceDetails(await ctxOf(u, { via: 'key', now }), o)).text;
}

const OPTIONS: ShapeOptions[] = [
  {},
  { includeUserSettings: true },
  { includeAccessories: true },
  { includeUserSettings: true, includeAccessories: true },
];

async function home() {
  const [owner, guest] = await Promise.all([createUser(), createUser()]);
  const bridge = await createBridge();
  const lock = await createLock({ bridge, name: 'A front door' });
  const loose = await createLock({ name: 'B shed (no bridge)' });
  const gate = await createGate({ name: 'C gate' });
  await createDoorSensor(lock);
  for (const d of [bridge, lock, loose, gate]) await grantUser(d.id, owner.id, AccessLevel.owner);
  await grantUser(lock.id, guest.id, AccessLevel.guest, {
    startDate: new Date('2026-01-01T00:00:00Z'),
    endDate: new Date('2099-01-01T00:00:00Z'),
    weekDays: 31,
    remoteAccessDisabled: true,
  });
  await grantUser(gate.id, guest.id, AccessLevel.guest);
  const settings = sql`insert into device_user_settings (device_id, user_id, settings) values`;
  await (await db()).execute(
    sql`${settings} (${lock.id}, ${guest.id}, '{"autoUnlockEnabled":true}'), (${gate.id}, ${owner.id}, '{"favorite":true}')`,
  );
  return { owner, guest, bridge, lock, loose, gate };
}

describe('device answers kept between requests', () => {
  it('are, text for text, the answers built from the rows: every kind, every option, read twice', async () => {
    const { owner, guest } = await home();
    for (const o of OPTIONS)
      for (const u of [owner, guest]) {
        const expected = await fresh(u, o);
        expect(await kept(u, o), JSON.stringify(o)).toBe(expected);
        // the second read comes from what the first kept
        expect(await kept(u, o), JSON.stringify(o)).toBe(expected);
      }
    const seen = JSON.parse(await kept(guest, { includeUserSettings: true }));
    expect(seen.locks.map((l: { name: string }) => l.name)).toEqual(['A front door']);
    expect(seen.locks[0]).toMatchObject({
      accessLevel: AccessLevel.guest,
      accessDetails: { weekDays: 31, remoteAccessDisabled: true },
      userSettings: { autoUnlockEnabled: true },
    });
  });

  it('carry nothing of one caller to another: each sees their own access and settings', async () => {
    const { owner, guest, lock, gate } = await home();
    const mine = JSON.parse(await kept(owner, { includeUserSettings: true }));
    const theirs = JSON.parse(await kept(guest, { includeUserSettings: true }));
    const lockOf = (a: any) => a.locks.find((l: { id: number }) => l.id === lock.id);
    const gateOf = (a: any) => a.gates.find((g: { id: number }) => g.id === gate.id);
    expect(lockOf(mine)).toMatchObject({ accessLevel: AccessLevel.owner, accessDetails: { weekDays: null } });
    expect(lockOf(mine).userSettings.autoUnlockEnabled).not.toBe(true);
    expect(lockOf(theirs)).toMatchObject({ accessLevel: AccessLevel.guest, accessDetails: { weekDays: 31 } });
    expect(gateOf(mine).userSettings).toEqual({ favorite: true });
    expect(gateOf(theirs).userSettings).toEqual({ favorite: false });
    // the owner's devices the guest has no access to stay out of the guest's answer
    expect(theirs.locks).toHaveLength(1);
    expect(theirs.bridges).toEqual([]);
  });

  it('follow a change of the row by any writer, a bridge going offline, and an access ended', async () => {
    const { owner, guest, bridge, lock } = await home();
    await kept(owner, {});
    await kept(guest, {});
    // a writer that is not this server's code (another process, a script, psql)
    await (await db()).execute(
      sql`update devices set name = 'A front door (renamed)', battery_level = 12 where id = ${lock.id}`,
    );
    const after = JSON.parse(await kept(owner, {}));
    const l = after.locks.find((x: { id: number }) => x.id === lock.id);
    expect(l).toMatchObject({ name: 'A front door (renamed)', deviceState: { batteryLevel: 12 }, isConnected: true });
    // the lock's row is untouched: its bridge went offline
    await (await db()).execute(sql`update devices set is_connected = false where id = ${bridge.id}`);
    const offline = JSON.parse(await kept(owner, {}));
    expect(offline.locks.find((x: { id: number }) => x.id === lock.id).isConnected).toBe(false);
    expect(await kept(owner, {})).toBe(await fresh(owner, {}));
    // the guest's access ends: their kept lock is not shown to them any more
    await (await db()).execute(sql`delete from device_access where device_id = ${lock.id} and user_id = ${guest.id}`);
    expect(JSON.parse(await kept(guest, {})).locks).toEqual([]);
  });

  it('give every change of a row a version never used before, even after a change rolled back', async () => {
    const { lock } = await home();
    const d = await db();
    const version = async () =>
      Number(
        rowsOf<{ version: string }>(await d.execute(sql`select version::text from devices where id = ${lock.id}`))[0]
          .version,
      );
    const v0 = await version();
    await d
      .transaction(async (tx) => {
        await tx.execute(sql`update devices set name = 'never' where id = ${lock.id}`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await version()).toBe(v0);
    await d.execute(sql`update devices set name = 'next' where id = ${lock.id}`);
    // the rolled-back change took a number: the next change's is past it (a kept answer of the
    // undone row, had a reader seen it, could never be taken for this one)
    expect(await version()).toBeGreaterThan(v0 + 1);
  });

  it('read a pulled lock as unlocked once its spring time has passed, with nothing written', async () => {
    const { owner, lock } = await home();
    const pulledAt = new Date(Date.now() - 1000);
    await (await db()).execute(
      sql`update devices set state = ${LockState.pulled}, last_state_changed_date = ${pulledAt.toISOString()}::timestamptz,
        settings = settings || '{"pullSpringDuration": 5}'::jsonb where id = ${lock.id}`,
    );
    const stateAt = async (now: Date) =>
      JSON.parse(await kept(owner, {}, now)).locks.find((x: { id: number }) => x.id === lock.id).deviceState.state;
    expect(await stateAt(new Date())).toBe(LockState.pulled);
    const later = new Date(pulledAt.getTime() + 6000);
    expect(await stateAt(later)).toBe(LockState.unlocked);
    expect(await kept(owner, {}, later)).toBe(await fresh(owner, {}, later));
  });

  it('GET /my/lock keeps its own: text for text the list built from the rows, its organization read each time', async () => {
    const { owner, lock } = await home();
    const org = await createOrg({ name: 'Kept Org' });
    await (await db()).execute(sql`update devices set organization_id = ${org.id} where id = ${lock.id}`);
    /** the list as it was built before (lockShape, then lockProperties, then the organization) */
    const freshList = async (o: ShapeOptions & { includeOrganization?: boolean }) => {
      const now = new Date();
      const ctx = await ctxOf(owner, { via: 'key', now });
      const rows = await loadVisible(ctx, {
        types: [DeviceType.lockPro, DeviceType.lockGo],
        textInSerial: true,
        userSettings: o.includeUserSettings,
      });
      return JSON.stringify(
        rows.map((x) => {
          const l = lockShape(x, now, o);
          const listed: Record<string, unknown> = Object.assign(l, { lockProperties: l.deviceState });
          if (!o.includeOrganization) return listed;
          const organizationId = x.d.organizationId;
          return Object.assign(listed, {
            organizationId,
            organization: organizationId === org.id ? { id: org.id, name: 'Kept Org' } : null,
          });
        }),
      );
    };
    const list = async (o: ShapeOptions & { includeOrganization?: boolean }) =>
      (await listLocks(await ctxOf(owner, { via: 'key' }), o)).text;
    for (const o of [
      ...OPTIONS,
      { includeOrganization: true },
      { includeOrganization: true, includeUserSettings: true },
    ])
      for (let i = 0; i < 2; i++) expect(await list(o), JSON.stringify(o)).toBe(await freshList(o));
    // the details' kept answers are not the list's (no lockProperties there)
    expect(JSON.parse(await kept(owner, {})).locks[0].lockProperties).toBeUndefined();
    await (await db()).execute(sql`update organizations set name = 'Renamed Org' where id = ${org.id}`);
    const renamed = JSON.parse(await list({ includeOrganization: true }));
    expect(renamed.find((l: { id: number }) => l.id === lock.id).organization).toEqual({
      id: org.id,
      name: 'Renamed Org',
    });
    await (await db()).execute(sql`update devices set state = ${LockState.locked} where id = ${lock.id}`);
    const relocked = JSON.parse(await list({})).find((l: { id: number }) => l.id === lock.id);
    expect([relocked.deviceState.state, relocked.lockProperties.state]).toEqual([LockState.locked, LockState.locked]);
  });

  it('over HTTP: the envelope holds the kept text as the answer', async () => {
    const { owner } = await home();
    const r = await api('GET', '/api/v37/my/device/details?IncludeUserSettings=true', { key: owner.key });
    expect(r.status).toBe(200);
    expect(JSON.stringify(r.json.result)).toBe(await fresh(owner, { includeUserSettings: true }));
  });
});
