import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/db/client';
import { AccessLevel, DeviceType, userGroupMembers } from '@/db/schema';
import { deviceDetails } from '@/lib/domain/devices/details';
import { listLocks } from '@/lib/domain/devices/locks';
import { loadVisible } from '@/lib/domain/devices/load';
import { lockShape } from '@/lib/domain/devices/lock-shape';
import { bridgeShape, gateShape } from '@/lib/domain/devices/other-shapes';
import { isLockType, LockState } from '@/lib/shared/devices/codes';
import type { ShapeOptions } from '@/lib/domain/devices/shape';
import { wholeAnswer } from '@/lib/domain/devices/whole';
import { onPostgres } from '../support/config';
import { timeOfDay } from '../support/factories/schedule';
import {
  addOrgUser,
  createBridge,
  createGroup,
  createLock,
  createOrg,
  createUser,
  ctxOf,
  db,
  grantGroup,
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

describe('whole answers kept between requests (lib/domain/devices/whole.ts)', () => {
  /** `kept`, and whether the answer was the one kept whole (true) or built (false) */
  const lastAnswer = new Map<string, unknown>();
  /** `kept`, and whether the answer was the one kept whole (true: the very object answered last time) or built (false) */
  async function read(u: TestUser, o: ShapeOptions, now = new Date()) {
    const json = await deviceDetails(await ctxOf(u, { via: 'key', now }), o);
    const key = `${u.id}\n${JSON.stringify(o)}`;
    const wasKept = lastAnswer.get(key) === json;
    lastAnswer.set(key, json);
    return { text: json.text, wasKept };
  }

  it('send the kept text while nothing it is made of changed, and build it again on any change of it', async () => {
    const { owner, guest, bridge, lock, gate } = await home();
    const d = await db();
    const o = { includeUserSettings: true };
    expect((await read(owner, o)).wasKept).toBe(false);
    expect(await read(owner, o)).toEqual({ text: await fresh(owner, o), wasKept: true });
    // each change below is one no device row of the answer shows (but the last): the digest must
    // follow it, or the kept text would be sent
    const changes = [
      // the guest's access changed in place (no device row changes): the owner's answer is the same
      // text, rebuilt: the digest covers every candidate of the caller, not only the picked ones
      sql`update device_access set remote_access_disabled = not remote_access_disabled where device_id = ${lock.id} and user_id = ${owner.id}`,
      sql`update devices set is_connected = false where id = ${bridge.id}`,
      sql`update device_user_settings set settings = '{"favorite":false}' where device_id = ${gate.id} and user_id = ${owner.id}`,
      sql`update devices set name = 'A front door (renamed)' where id = ${lock.id}`,
    ];
    for (const change of changes) {
      await d.execute(change);
      const after = await read(owner, o);
      expect(after, String(change.queryChunks[0])).toEqual({ text: await fresh(owner, o), wasKept: false });
      expect((await read(owner, o)).wasKept).toBe(true);
    }
    // without user settings asked for, a change of them is not part of the answer
    await read(guest, {});
    await d.execute(
      sql`update device_user_settings set settings = '{}' where device_id = ${lock.id} and user_id = ${guest.id}`,
    );
    expect(await read(guest, {})).toEqual({ text: await fresh(guest, {}), wasKept: true });
  });

  it('follow the caller: a group joined or left, and an access that starts or ends by its date', async () => {
    const { guest, lock, gate } = await home();
    const org = await createOrg();
    await (await db()).execute(
      sql`update devices set organization_id = ${org.id} where id in (${lock.id}, ${gate.id})`,
    );
    const member = await addOrgUser(org.id, guest.id);
    const group = await createGroup(org.id);
    const now = Date.now();
    const later = new Date(now + 3_600_000);
    await grantGroup(gate.id, group.id, AccessLevel.administrator, { endDate: later });
    const gateLevel = async (at: Date) =>
      JSON.parse((await read(guest, {}, at)).text).gates.find((g: { id: number }) => g.id === gate.id)?.accessLevel;
    expect(await gateLevel(new Date(now))).toBe(AccessLevel.guest);
    // joining the group gives its access at once
    await (await db()).insert(userGroupMembers).values({ groupId: group.id, organizationUserId: member });
    expect(await gateLevel(new Date(now))).toBe(AccessLevel.guest); // a user's own access wins
    await (await db()).execute(sql`delete from device_access where device_id = ${gate.id} and user_id = ${guest.id}`);
    expect(await gateLevel(new Date(now))).toBe(AccessLevel.administrator);
    expect((await read(guest, {}, new Date(now + 1000))).wasKept).toBe(true);
    // its end date passes with nothing written: the gate is gone from that moment
    expect(await gateLevel(new Date(later.getTime() + 1000))).toBeUndefined();
    expect((await read(guest, {}, new Date(later.getTime() + 1000))).text).toBe(
      await fresh(guest, {}, new Date(later.getTime() + 1000)),
    );
    // an access that starts later shows from its start
    await grantUser(gate.id, guest.id, AccessLevel.guest, {
      startDate: new Date(later.getTime() + 60_000),
    });
    expect(await gateLevel(new Date(later.getTime() + 2000))).toBeUndefined();
    expect(await gateLevel(new Date(later.getTime() + 61_000))).toBe(AccessLevel.guest);
    // leaving the group takes its accesses away at once
    await (await db()).execute(sql`delete from device_access where device_id = ${gate.id} and user_id = ${guest.id}`);
    await (await db()).execute(
      sql`update device_access set end_date = null where device_id = ${gate.id} and group_id = ${group.id}`,
    );
    expect(await gateLevel(new Date(later.getTime() + 62_000))).toBe(AccessLevel.administrator);
    await (await db()).execute(sql`delete from user_group_members where organization_user_id = ${member}`);
    expect(await gateLevel(new Date(later.getTime() + 63_000))).toBeUndefined();
  });

  it("follow the minute where it picks among a person's group accesses by their weekly schedule", async () => {
    const { lock } = await home();
    const person = await createUser();
    const org = await createOrg();
    await (await db()).execute(sql`update devices set organization_id = ${org.id} where id = ${lock.id}`);
    const member = await addOrgUser(org.id, person.id);
    const [mornings, always] = [
      await createGroup(org.id, 'Mornings', [member]),
      await createGroup(org.id, 'Always', [member]),
    ];
    const zone = 'Europe/Warsaw';
    // two accesses of one level: 08:00-09:00 with remote opening, or any time without; the one
    // active now wins (effective.ts `better`), so the pick changes at 09:00 with nothing written
    await grantGroup(lock.id, mornings.id, AccessLevel.guest, {
      dayStartTime: timeOfDay(zone, 8 * 60),
      dayEndTime: timeOfDay(zone, 9 * 60),
    });
    await grantGroup(lock.id, always.id, AccessLevel.guest, { remoteAccessDisabled: true });
    const at = (h: number, m: number, s: number) =>
      DateTime.fromObject({ year: 2026, month: 12, day: 3, hour: h, minute: m, second: s }, { zone }).toJSDate();
    const remoteOff = async (now: Date) =>
      JSON.parse((await read(person, {}, now)).text).locks[0].accessDetails.remoteAccessDisabled;
    expect(await remoteOff(at(8, 59, 10))).toBe(false);
    expect((await read(person, {}, at(8, 59, 50))).wasKept).toBe(true);
    expect(await remoteOff(at(9, 0, 5))).toBe(true);
    expect((await read(person, {}, at(9, 0, 5))).text).toBe(await fresh(person, {}, at(9, 0, 5)));
  });

  it.runIf(onPostgres())(
    'are built in one snapshot with their digest: a change made while one is built, and undone, never leaves it kept',
    async () => {
      // the bridge's link is a value in the digest, not a row version: were the answer built from
      // rows newer than its digest, undoing the change would make that digest current again
      const { owner, bridge } = await home();
      const d = await db();
      const connected = sql`select is_connected from devices where id = ${bridge.id}`;
      const link = (on: boolean) => sql`update devices set is_connected = ${on} where id = ${bridge.id}`;
      const load = { types: [DeviceType.lockPro] };
      // the build reads the bridge's link; another writer takes the bridge offline meanwhile
      const first = await wholeAnswer(await ctxOf(owner, { via: 'key' }), 'snapshot', load, async (snap, base) => {
        await base.execute(link(false));
        const [row] = rowsOf<{ is_connected: boolean }>(await snap.db.execute(connected));
        return { text: String(row.is_connected), until: Number.POSITIVE_INFINITY };
      });
      expect(first.text).toBe('true');
      expect(rowsOf<{ is_connected: boolean }>(await d.execute(connected))[0].is_connected).toBe(false);
      // and back online: what was kept is what its digest describes
      await d.execute(link(true));
      const again = async () => ({ text: 'built again', until: Number.POSITIVE_INFINITY });
      expect((await wholeAnswer(await ctxOf(owner, { via: 'key' }), 'snapshot', load, again)).text).toBe('true');
    },
  );

  it("inside a caller's own transaction: built from that transaction's rows, not kept", async () => {
    const { owner } = await home();
    const expected = await fresh(owner, {});
    const inside = await (await db()).transaction(async (tx) =>
      deviceDetails({ ...(await ctxOf(owner, { via: 'key' })), db: tx }, {}),
    );
    expect(inside.text).toBe(expected);
    // nothing kept: the same question outside builds its own answer (kept, it would be that object)
    const outside = await deviceDetails(await ctxOf(owner, { via: 'key' }), {});
    expect(outside.text).toBe(expected);
    expect(outside).not.toBe(inside);
    expect(await deviceDetails(await ctxOf(owner, { via: 'key' }), {})).toBe(outside);
  });

  it('refuse a remembered key that was revoked, from the digest read alone', async () => {
    const { owner } = await home();
    await kept(owner, {});
    const ctx = await ctxOf(owner, { via: 'key' });
    const [key] = rowsOf<{ id: string }>(
      await (await db()).execute(sql`select id from personal_access_keys where user_id = ${owner.id} limit 1`),
    );
    ctx.keyCheck = { keyId: key.id, scopes: ['Device.Read'], done: false };
    await (await db()).execute(sql`delete from personal_access_keys where id = ${key.id}`);
    await expect(deviceDetails(ctx, {})).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});
