import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb, type Db } from '@/db/client';
import {
  AccessLevel,
  DeviceType,
  deviceAccess,
  devices,
  organizationUsers,
  organizations,
  personalAccessKeys,
  userGroupMembers,
  userGroups,
  users,
  type NewDevice,
} from '@/db/schema';
import { newKeyMaterial } from '@/lib/auth/keys';
import { LOCK_SETTING_DEFAULTS, type LockSettings } from '@/lib/shared/devices/codes';
import { CAPABILITIES } from '@/lib/devices/gateway';
import { randomToken } from '@/lib/crypto/secrets';
import { saveBridgeLink } from '@/lib/domain/devices/bridge-links';
import { bridgeAddress } from '@/lib/domain/devices/hardware';
import { ensureCallback } from '@/lib/domain/devices/reconcile';
import { hardware, serviceEndpoint, virtualHost } from '../bridges';
import { ALL_SCOPES, SCOPES, type Scope } from '@/lib/auth/scopes';
import type { Ctx } from '@/lib/domain/context';
import { hashPassword } from '@/lib/auth/password';

/**
 * Test data through factories: every call makes fresh, unique rows, so test files can share
 * one Postgres database and run in parallel without seeing each other.
 */
export const db = (): Promise<Db> => getDb();

const uniq = () => randomUUID().slice(0, 8);

export interface TestUser {
  id: string;
  numId: number;
  email: string;
  displayName: string;
  password: string;
  /** a personal access key with all scopes */
  key: string;
  /** a key with just these scopes */
  keyWith: (scopes: Scope[]) => Promise<string>;
}

export async function createUser(
  opts: { email?: string; displayName?: string; password?: string; unverified?: boolean } = {},
): Promise<TestUser> {
  const d = await db();
  const password = opts.password ?? 'test-password';
  const email = opts.email ?? `user-${uniq()}@test.local`;
  const [u] = await d
    .insert(users)
    .values({
      email,
      displayName: opts.displayName ?? `User ${email.split('@')[0]}`,
      passwordHash: await hashPassword(password),
      emailVerifiedAt: opts.unverified ? null : new Date(),
    })
    .returning();
  const keyWith = (scopes: Scope[]) => createKey(u.id, scopes);
  return {
    id: u.id,
    numId: u.numId,
    email: u.email,
    displayName: u.displayName,
    password,
    key: await keyWith([...SCOPES]),
    keyWith,
  };
}

/**
 * A domain context acting as `u` with every scope, for tests that call domain verbs directly;
 * `now` fixed when given, else the clock; `via` how the caller came (a session by default).
 */
export async function ctxOf(u: TestUser, o: { now?: Date; via?: 'session' | 'key' } = {}): Promise<Ctx> {
  return {
    db: await db(),
    now: () => o.now ?? new Date(),
    caller: {
      userId: u.id,
      userNumId: u.numId,
      email: u.email,
      displayName: u.displayName,
      scopes: ALL_SCOPES,
      via: o.via ?? 'session',
    },
  };
}

export async function createKey(
  userId: string,
  scopes: Scope[],
  validTo = new Date(Date.now() + 86_400_000),
): Promise<string> {
  const d = await db();
  // the 32-bit public prefix is unique: a run makes tens of thousands of keys, so on the rare
  // collision draw again, as the product does (lib/domain/account/create-key.ts)
  for (;;) {
    const m = newKeyMaterial();
    const [made] = await d
      .insert(personalAccessKeys)
      .values({ userId, name: 'test key', prefix: m.prefix, secretHash: m.secretHash, scopes, validTo })
      .onConflictDoNothing()
      .returning({ id: personalAccessKeys.id });
    if (made) return m.key;
  }
}

export async function createOrg(opts: { name?: string; timeZone?: string } = {}) {
  const d = await db();
  const [o] = await d
    .insert(organizations)
    .values({ name: opts.name ?? `Org ${uniq()}`, timeZone: opts.timeZone ?? 'Europe/Warsaw' })
    .returning();
  return o;
}

/** role: 0 member, 1 administrator, 2 owner. Returns the organizationUserId. */
export async function addOrgUser(organizationId: number, userId: string, role = 0): Promise<number> {
  const d = await db();
  const [ou] = await d.insert(organizationUsers).values({ organizationId, userId, role }).returning();
  return ou.id;
}

export async function createGroup(organizationId: number, name = `Group ${uniq()}`, memberOrgUserIds: number[] = []) {
  const d = await db();
  const [g] = await d.insert(userGroups).values({ organizationId, name }).returning();
  if (memberOrgUserIds.length)
    await d.insert(userGroupMembers).values(memberOrgUserIds.map((id) => ({ groupId: g.id, organizationUserId: id })));
  return g;
}

const LOCK_SETTINGS = {
  ...LOCK_SETTING_DEFAULTS,
  pullSpringEnabled: true,
  pullSpringDuration: 2,
  doorStateEventLoggingEnabled: true,
};

/**
 * A bridge, with its hardware: a virtual bridge served over HTTP by this test process
 * (tests/support/bridges.ts), its address and token stored as the service stores them, and the
 * service's callback registered at it (as adding a bridge does), so its events reach the service.
 * `isConnected: false`: the bridge is off the network, and the service knows it.
 */
export async function createBridge(over: Partial<NewDevice> = {}) {
  const d = await db();
  const [host] = await Promise.all([virtualHost(), serviceEndpoint()]);
  const token = randomToken(18);
  const serialNumber = over.serialNumber ?? `BR-${uniq()}`;
  const hw = host.add({ serialNumber, name: over.name ?? `Bridge ${serialNumber}`, token });
  const [b] = await d
    .insert(devices)
    .values({
      type: DeviceType.bridge,
      name: `Bridge ${uniq()}`,
      timeZone: 'Europe/Warsaw',
      isConnected: true,
      beaconMajor: 100,
      beaconMinor: 1,
      wasConfigured: true,
      isUpdating: false,
      softwareVersions: [{ softwareType: 0, version: '2.2.1', updateAvailable: false }],
      ...over,
      serialNumber,
    })
    .returning();
  await saveBridgeLink(d, b.id, { baseUrl: hw.baseUrl, token, tokenMode: 'encrypted', capabilities: CAPABILITIES });
  hardware.addBridge(b.id, hw.bridge);
  await ensureCallback(d, (await bridgeAddress(d, b.id))!);
  if (over.isConnected === false) hw.bridge.online = false;
  return b;
}

/**
 * A lock; paired with `bridge` when given (then reachable while the bridge is connected): the lock
 * is paired with the bridge's virtual bridge too, in the state this row says.
 */
export async function createLock(over: Partial<NewDevice> & { bridge?: { id: number } | null } = {}) {
  const d = await db();
  const { bridge, ...rest } = over;
  const paired = bridge
    ? {
        connectedToId: bridge.id,
        beaconMajor: 100,
        beaconMinor: 2,
        state: 6,
        doorState: 3,
        isCharging: false,
        batteryLevel: 80,
        stateChangeResult: 0,
        lastStateChangedDate: new Date(),
      }
    : {};
  const [l] = await d
    .insert(devices)
    .values({
      type: DeviceType.lockPro,
      serialNumber: `LK-${uniq()}`,
      name: `Lock ${uniq()}`,
      timeZone: 'Europe/Warsaw',
      settings: LOCK_SETTINGS,
      softwareVersions: [{ softwareType: 0, version: '1.9.0', updateAvailable: false }],
      ...paired,
      ...rest,
    })
    .returning();
  const hw = bridge ? hardware.bridge(bridge.id) : undefined;
  if (hw) {
    const lock = hw.pair({
      serialNumber: l.serialNumber,
      name: l.name,
      type: l.type === DeviceType.lockGo ? 4 : 2,
      state: l.state ?? undefined,
      doorState: l.doorState ?? undefined,
      batteryLevel: l.batteryLevel ?? undefined,
      isCharging: l.isCharging ?? undefined,
      settings: l.settings as Partial<LockSettings>,
      revision: l.deviceRevision,
      timeZone: l.timeZone,
    });
    await d.update(devices).set({ remoteId: lock.id }).where(eq(devices.id, l.id));
    hardware.addLock(l.id, hw, lock.id);
    l.remoteId = lock.id;
  }
  return l;
}

export async function grantUser(
  deviceId: number,
  userId: string,
  accessLevel: number = AccessLevel.guest,
  over: Partial<typeof deviceAccess.$inferInsert> = {},
) {
  const d = await db();
  const [a] = await d
    .insert(deviceAccess)
    .values({ deviceId, principalType: 0, userId, accessLevel, ...over })
    .returning();
  return a;
}

export async function grantGroup(
  deviceId: number,
  groupId: string,
  accessLevel: number = AccessLevel.guest,
  over: Partial<typeof deviceAccess.$inferInsert> = {},
) {
  const d = await db();
  const [a] = await d
    .insert(deviceAccess)
    .values({ deviceId, principalType: 1, groupId, accessLevel, ...over })
    .returning();
  return a;
}

/** Owner, administrator, guest and outsider around one paired lock: the usual cast of a test. */
export async function lockWithCast() {
  const [owner, admin, guest, outsider] = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
  const bridge = await createBridge();
  const lock = await createLock({ bridge });
  await grantUser(bridge.id, owner.id, AccessLevel.owner);
  await grantUser(lock.id, owner.id, AccessLevel.owner);
  await grantUser(lock.id, admin.id, AccessLevel.administrator);
  await grantUser(lock.id, guest.id, AccessLevel.guest);
  return { owner, admin, guest, outsider, bridge, lock };
}

/** lockWithCast's owner and lock, and `other`: a paired lock nobody gave the owner (the foreign one of a check). */
export async function lockAndOther() {
  const { owner, lock } = await lockWithCast();
  const other = await createLock({ bridge: await createBridge() });
  return { owner, lock, other };
}
