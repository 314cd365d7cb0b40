import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { AccessLevel, accessLinks, deviceAccess, passkeys, userTotp } from '@/db/schema';
import { SCOPES } from '@/lib/auth/scopes';
import { createKeyFor, registerPhone } from '../support/factories/account';
import { addOrgUser, createGroup, createOrg, createUser, db, type TestUser } from '../support/factories/core';
import { aWeek, createGate, createOrgLock } from '../support/factories/organization';
import { activeWindow, outsideWindow } from '../support/factories/schedule';
import { api } from '../support/router';
import type { Input } from '../contract/types';

/**
 * The callers of the authorization matrix and the world they live in: one organization, its
 * people, their groups and keys, made once per test file; `castOn` gives all of them their
 * access to a device, so a row can make a fresh device for each cell that changes it.
 */

/** The people: each with a personal access key holding every scope (and their role in the organization). */
export const PEOPLE = {
  /** the device's owner; owner of the organization */
  owner: { short: 'own', orgRole: 2 },
  /** administrator of the device, active now (a daily window around now); organization administrator */
  admin: { short: 'adm', orgRole: 1 },
  /** administrator of the device outside their daily window (outsideWindow); organization administrator */
  adminOff: { short: 'aOf', orgRole: 1 },
  /** administrator of the device through the group "Admins" only; organization administrator */
  adminGroup: { short: 'aGr', orgRole: 1 },
  /** guest of the device, active now (a daily window around now); organization member */
  guest: { short: 'gst', orgRole: 0 },
  /** guest of the device outside their daily window; organization member */
  guestOff: { short: 'gOf', orgRole: 0 },
  /** guest of the device with remote opening disabled; organization member */
  guestRemoteOff: { short: 'gRm', orgRole: 0 },
  /** guest of the device through the group "Guests" only; organization member */
  groupMember: { short: 'gMb', orgRole: 0 },
  /** organization member with no access to the device */
  orgMember: { short: 'mem', orgRole: 0 },
  /** nobody to the organization or the device */
  outsider: { short: 'out', orgRole: null },
  /** administrator of the device with remote opening disabled (no schedule); organization administrator */
  adminRemoteOff: { short: 'aRm', orgRole: 1 },
  /** administrator of the device and of the organization, without the second factor the organization requires */
  adminNoFactor: { short: 'aNF', orgRole: 1 },
  /** a former organization administrator, made a member again (still administrator of the device) */
  formerAdmin: { short: 'fAd', orgRole: 0 },
  /**
   * the second account of an administrator who gave it administrator access, then lost their own:
   * what they gave ended with it (the world plays this once; on later devices it has nothing)
   */
  secondAccount: { short: '2nd', orgRole: null },
  /**
   * administrator of the device (no schedule) and of the organization, limited by the owner to no
   * site of it (issue 35: siteIds []): every device of the organization is outside their sites
   */
  adminSites: { short: 'aSt', orgRole: 1 },
} as const;

/** Everyone holds a second factor (a passkey) but adminNoFactor: the world's organization requires one. */
const WITHOUT_FACTOR: readonly Person[] = ['adminNoFactor'];
/**
 * The cells of Settings > Security set up factors for every person, adminNoFactor too: after each
 * cell the world takes theirs away again, so that they stay without one for every later row.
 */
export async function keepWithoutFactor(w: World, c: Caller): Promise<void> {
  if (!isPerson(c) || !WITHOUT_FACTOR.includes(c)) return;
  const d = await db();
  await d.delete(passkeys).where(eq(passkeys.userId, w.users[c].id));
  await d.delete(userTotp).where(eq(userTotp.userId, w.users[c].id));
}

/** Limited by the owner, through the API, to no site of the organization (issue 35). */
const SITE_LIMITED: readonly Person[] = ['adminSites'];

/** Made an organization administrator first, then a member again through the API. */
const DEMOTED: readonly Person[] = ['formerAdmin'];

export type Person = keyof typeof PEOPLE;

/** Credentials that are not a person's full key. */
export const OTHERS = {
  /** the owner's key with only the *.Read scopes */
  readOnlyKey: { short: 'ro' },
  /** a key of the owner's, revoked */
  revokedKey: { short: 'rev' },
  /** a key of the owner's, past its validTo */
  expiredKey: { short: 'exp' },
  /** no Authorization header at all */
  none: { short: 'non' },
  /** an access link's token: valid (on the row's device for /link routes), as a Bearer credential elsewhere */
  link: { short: 'lnk' },
  /** an access link's token whose window has ended */
  linkExpired: { short: 'lnX' },
  /** a valid access link's token for another device */
  linkOtherDevice: { short: 'lnD' },
} as const;

export type Caller = Person | keyof typeof OTHERS;
export const PERSONS = Object.keys(PEOPLE) as Person[];
export const CALLERS = [...PERSONS, ...(Object.keys(OTHERS) as (keyof typeof OTHERS)[])] as Caller[];
export const SHORT: Record<Caller, string> = Object.fromEntries(
  Object.entries({ ...PEOPLE, ...OTHERS }).map(([k, v]) => [k, v.short]),
) as Record<Caller, string>;
export const isPerson = (c: Caller): c is Person => c in PEOPLE;
export const isLinkCaller = (c: Caller) => c === 'link' || c === 'linkExpired' || c === 'linkOtherDevice';

const READ_SCOPES = SCOPES.filter((s) => s.endsWith('.Read'));

export interface Link {
  id: string;
  token: string;
}

export interface World {
  org: { id: number };
  users: Record<Person, TestUser>;
  /** organizationUserIds (the outsider has none) */
  ouIds: Partial<Record<Person, number>>;
  groups: { admins: { id: string }; guests: { id: string } };
  keys: Record<'readOnlyKey' | 'revokedKey' | 'expiredKey', string>;
  /** a registered phone of each person (certificates are asked for one's own phone) */
  phones: Record<Person, string>;
  /** someone with a plain guest access on every cast device: whose access the sharing rows change */
  bystander: TestUser;
  /** the Bearer tokens of the link columns on routes that are not link routes */
  linkTokens: Record<'link' | 'linkExpired' | 'linkOtherDevice', string>;
  /** a valid link whose only device is `otherLock` */
  otherLink: Link;
  /** the daily windows of the cast, fixed when the world was made */
  active: ReturnType<typeof activeWindow>;
  outside: ReturnType<typeof outsideWindow>;
  /** devices with the cast that rows only read (a row that changes its device makes its own) */
  lock: Awaited<ReturnType<typeof newLock>>;
  gate: Awaited<ReturnType<typeof newGate>>;
}

/** Everybody's access to one device, as the PEOPLE table says, in one statement. */
export async function castOn(
  w: Pick<World, 'users' | 'groups' | 'bystander' | 'active' | 'outside'>,
  deviceId: number,
) {
  const u = (p: Person) => ({ deviceId, principalType: 0, userId: w.users[p].id });
  const g = (groupId: string) => ({ deviceId, principalType: 1, groupId });
  const everyDay = { weekDays: 127 };
  await (await db()).insert(deviceAccess).values([
    { ...u('owner'), accessLevel: AccessLevel.owner },
    { ...u('admin'), accessLevel: AccessLevel.administrator, ...everyDay, ...w.active },
    { ...u('adminOff'), accessLevel: AccessLevel.administrator, ...everyDay, ...w.outside },
    { ...g(w.groups.admins.id), accessLevel: AccessLevel.administrator },
    { ...u('guest'), accessLevel: AccessLevel.guest, ...everyDay, ...w.active },
    { ...u('guestOff'), accessLevel: AccessLevel.guest, ...everyDay, ...w.outside },
    { ...u('guestRemoteOff'), accessLevel: AccessLevel.guest, remoteAccessDisabled: true },
    { ...g(w.groups.guests.id), accessLevel: AccessLevel.guest },
    { ...u('adminRemoteOff'), accessLevel: AccessLevel.administrator, remoteAccessDisabled: true },
    { ...u('adminNoFactor'), accessLevel: AccessLevel.administrator },
    { ...u('formerAdmin'), accessLevel: AccessLevel.administrator },
    { ...u('adminSites'), accessLevel: AccessLevel.administrator },
    { deviceId, principalType: 0, userId: w.bystander.id, accessLevel: AccessLevel.guest },
  ]);
}

type CastWorld = Parameters<typeof castOn>[0] & { org: { id: number } };

/** A fresh lock of the organization, paired with a connected bridge, with the cast. */
export async function newLock(w: CastWorld) {
  const lock = await createOrgLock(w.org.id, { name: `Matrix lock ${randomUUID().slice(0, 6)}` });
  await castOn(w, lock.id);
  return lock;
}

/** A fresh gate of the organization, present in the (simulated) external system, with the cast. */
export async function newGate(w: CastWorld) {
  const gate = await createGate(w.org.id);
  await castOn(w, gate.id);
  return gate;
}

/** A week-long link of the organization on these devices, made by `maker` (who may link them), or already ended. */
export async function makeLink(
  org: { id: number },
  maker: { key: string },
  deviceIds: number[],
  opts: { expired?: boolean } = {},
): Promise<Link> {
  const res = await api('POST', `/api/v37/organization/${org.id}/accesslink`, {
    key: maker.key,
    body: { name: 'Matrix link', deviceIds, repeatEvent: aWeek() },
  });
  if (res.status !== 201) throw new Error(`could not make a link: ${res.status} ${res.text}`);
  const link = { id: res.json.result.id as string, token: (res.json.result.url as string).split('/link/')[1] };
  if (opts.expired) await expireLink(link);
  return link;
}

/** The link's window ended an hour ago. */
export async function expireLink(link: Link) {
  const hour = 3_600_000;
  await (await db())
    .update(accessLinks)
    .set({ startDate: new Date(Date.now() - 2 * hour), endDate: new Date(Date.now() - hour) })
    .where(eq(accessLinks.id, link.id));
}

/** A well-formed token no link has. */
export const madeUpToken = () => randomBytes(32).toString('base64url');

/** Guest requests come from a fresh address each: the link and sign-up rate limits count per address. */
export const freshAddress = () => ({
  'x-forwarded-for': `2001:db8:77::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`,
});

export async function makeWorld(): Promise<World> {
  const org = await createOrg({ name: `Matrix org ${randomUUID().slice(0, 6)}` });
  const entries = await Promise.all(
    PERSONS.map(async (p) => [p, await createUser({ displayName: `Matrix ${p}` })] as const),
  );
  const users = Object.fromEntries(entries) as Record<Person, TestUser>;
  const ouIds: Partial<Record<Person, number>> = {};
  for (const p of PERSONS) {
    const role = PEOPLE[p].orgRole;
    if (role !== null) ouIds[p] = await addOrgUser(org.id, users[p].id, DEMOTED.includes(p) ? 1 : role);
  }
  const d = await db();
  for (const p of PERSONS)
    if (!WITHOUT_FACTOR.includes(p))
      await d.insert(passkeys).values({
        userId: users[p].id,
        credentialId: `matrix-${randomUUID()}`,
        publicKey: 'matrix',
        name: 'Matrix passkey',
      });
  const asOwner = { key: users.owner.key };
  const rule = await api('PUT', `/api/v37/organization/${org.id}/security`, {
    ...asOwner,
    body: { requireSecondFactor: true },
  });
  if (rule.status !== 200) throw new Error(`could not require a second factor: ${rule.status} ${rule.text}`);
  for (const p of DEMOTED) {
    const r = await api('PUT', `/api/v37/organization/${org.id}/removeadmin`, {
      ...asOwner,
      body: { organizationUserId: ouIds[p] },
    });
    if (r.status !== 200) throw new Error(`could not make ${p} a member again: ${r.status} ${r.text}`);
  }
  for (const p of SITE_LIMITED) {
    const r = await api('PUT', `/api/v37/organization/${org.id}/user/${ouIds[p]}/sites`, {
      ...asOwner,
      body: { siteIds: [] },
    });
    if (r.status !== 200) throw new Error(`could not limit ${p} to no site: ${r.status} ${r.text}`);
  }
  const groups = {
    admins: await createGroup(org.id, 'Admins', [ouIds.adminGroup!]),
    guests: await createGroup(org.id, 'Guests', [ouIds.groupMember!]),
  };
  const owner = users.owner.id;
  const keys = {
    readOnlyKey: (await createKeyFor(owner, { scopes: READ_SCOPES, name: 'read-only' })).key,
    revokedKey: (await createKeyFor(owner, { revokedAt: new Date(Date.now() - 60_000), name: 'revoked' })).key,
    expiredKey: (await createKeyFor(owner, { validTo: new Date(Date.now() - 60_000), name: 'expired' })).key,
  };
  const phones = Object.fromEntries(
    await Promise.all(PERSONS.map(async (p) => [p, await registerPhone(users[p])] as const)),
  ) as Record<Person, string>;
  const base = {
    org,
    users,
    groups,
    bystander: await createUser({ displayName: 'Matrix bystander' }),
    active: activeWindow(),
    outside: outsideWindow(),
  };
  const [lock, gate, otherLock] = [await newLock(base), await newGate(base), await newLock(base)];
  await secondAccountLosesItsAccess(org, users, lock.id);
  const [valid, expired, otherLink] = [
    await makeLink(org, users.owner, [lock.id, gate.id]),
    await makeLink(org, users.owner, [lock.id, gate.id], { expired: true }),
    await makeLink(org, users.owner, [otherLock.id]),
  ];
  return {
    ...base,
    ouIds,
    keys,
    phones,
    lock,
    gate,
    otherLink,
    linkTokens: { link: valid.token, linkExpired: expired.token, linkOtherDevice: otherLink.token },
  };
}

/**
 * An administrator of the organization and of the lock gives their second account administrator
 * access to it (as far as they hold: the same end), then the owner revokes the administrator's own
 * access: the second account's goes with it (lib/domain/access/grantors.ts).
 */
async function secondAccountLosesItsAccess(org: { id: number }, users: Record<Person, TestUser>, lockId: number) {
  const gone = await createUser({ displayName: 'Matrix administrator, gone' });
  await addOrgUser(org.id, gone.id, 1);
  await (await db()).insert(passkeys).values({
    userId: gone.id,
    credentialId: `matrix-${randomUUID()}`,
    publicKey: 'matrix',
    name: 'Matrix passkey',
  });
  const end = new Date(Date.now() + 7 * 86_400_000);
  const [own] = await (await db())
    .insert(deviceAccess)
    .values({
      deviceId: lockId,
      principalType: 0,
      userId: gone.id,
      accessLevel: AccessLevel.administrator,
      endDate: end,
    })
    .returning({ id: deviceAccess.id });
  const given = await api('POST', `/api/v37/my/device/${lockId}/access`, {
    key: gone.key,
    body: {
      principalType: 0,
      userEmail: users.secondAccount.email,
      accessLevel: AccessLevel.administrator,
      remoteAccessDisabled: false,
      endDate: end.toISOString(),
    },
  });
  if (given.status !== 201) throw new Error(`the administrator could not share: ${given.status} ${given.text}`);
  const revoked = await api('DELETE', `/api/v37/my/device/${lockId}/access/${own.id}`, { key: users.owner.key });
  if (revoked.status !== 204) throw new Error(`could not revoke the administrator: ${revoked.status} ${revoked.text}`);
}

/** The Authorization header a caller sends (undefined: none). */
export function authorization(w: World, c: Caller): string | undefined {
  if (isPerson(c)) return `Bearer ${w.users[c].key}`;
  if (c === 'none') return undefined;
  if (isLinkCaller(c)) return `Bearer ${w.linkTokens[c as keyof World['linkTokens']]}`;
  return `Bearer ${w.keys[c as keyof World['keys']]}`;
}

/**
 * One cell of the matrix: the row's request as the caller, the world kept as the later rows need
 * it (keepWithoutFactor), then the status the cell states (a failure names the row, the caller and
 * the start of the answer). Returns the answer.
 */
export async function askCell(
  w: World,
  row: { label: string; method: string },
  caller: Caller,
  input: Input,
  status: number,
) {
  const res = await api(row.method, input.url, {
    authorization: authorization(w, caller),
    body: input.body,
    headers: input.headers,
  });
  await keepWithoutFactor(w, caller);
  expect(res.status, `${row.label} as ${caller}: ${res.status} ${res.text.slice(0, 300)}`).toBe(status);
  return res;
}

/** Whose request it is: the person, or the owner for the owner's restricted keys (and, unused, for the rest). */
export const identity = (w: World, c: Caller): Person => (isPerson(c) ? c : 'owner');

/**
 * The token of a /link route's request: the row's own link for the link columns (ended, for
 * `linkExpired`), another device's link for `linkOtherDevice`; everyone else, whatever their
 * credentials, has no link and sends a made-up token.
 */
export async function linkTokenFor(w: World, c: Caller, own: () => Promise<Link>): Promise<string> {
  if (c === 'link') return (await own()).token;
  if (c === 'linkExpired') {
    const l = await own();
    await expireLink(l);
    return l.token;
  }
  if (c === 'linkOtherDevice') return w.otherLink.token;
  return madeUpToken();
}
