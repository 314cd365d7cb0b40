import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { deviceAccess, lockdowns, passkeys, reportSubscriptions, userTotp } from '@/db/schema';
import { issueEmailToken } from '@/lib/auth/email-tokens';
import { relyingParty } from '@/lib/auth/webauthn';
import { unsubscribeLink } from '@/lib/domain/notifications/message';
import { createKeyFor, mailedToken, phoneKey, registerPhone } from '../support/factories/account';
import { addOrgUser, createBridge, createGroup, createOrg, createUser, db } from '../support/factories/core';
import { connectApp, registerTestApp } from '../support/oauth';
import { invitationTo } from '../support/factories/access';
import { createDoorSensor } from '../support/factories/devices';
import { aWeek, createOrgLock, openInvitation } from '../support/factories/organization';
import { insertPins } from '../support/factories/pins';
import { createSite } from '../support/factories/sites';
import { createSubscription } from '../support/factories/webhooks';
import { api } from '../support/router';
import { virtualHost } from '../support/bridges';
import { SoftAuthenticator } from '../support/webauthn';
import type { Input } from '../contract/types';
import {
  castOn,
  freshAddress,
  identity,
  isPerson,
  linkTokenFor,
  makeLink,
  newGate,
  newLock,
  PEOPLE,
  type Caller,
  type Person,
  type World,
} from './world';

/**
 * What each row of the matrix asks, and of which target. A row that only reads shares one target
 * per world (`shared`); a row that changes its target or makes the device busy (an unlock holds the
 * lock for SIM_COMMAND_MS) makes a fresh one, with the same cast, for every cell.
 */
/** A bridge on the loopback network with one lock, as the Tedee app would show its address and token. */
async function bridgeOnNetwork() {
  const token = randomUUID().slice(0, 12);
  const hw = (await virtualHost()).add({
    serialNumber: `MB-${randomUUID().slice(0, 8)}`,
    name: 'Matrix bridge',
    token,
    locks: [{ serialNumber: `ML-${randomUUID().slice(0, 8)}`, name: 'Matrix lock', type: 2, state: 6 }],
  });
  return { token, address: hw.baseUrl.replace('http://', '') };
}

type Build = (w: World, c: Caller) => Input | Promise<Input>;

/** A target made once per world, for rows that only read it. */
function shared<T>(make: (w: World) => Promise<T>): (w: World) => Promise<T> {
  const made = new WeakMap<World, Promise<T>>();
  return (w) => {
    if (!made.has(w)) made.set(w, make(w));
    return made.get(w)!;
  };
}

const V = '/api/v37';
const MY = `${V}/my`;
const org = (w: World) => `${V}/organization/${w.org.id}`;
const HOOK_URL = 'http://127.0.0.1:9/matrix-hook'; // closed: a test send or redelivery fails at once, which is all a row needs
const HOOK_BODY = { url: HOOK_URL, events: ['bell-button-pressed'] };
/** a week from now: grants with an end (only the organization's owner gives one without) */
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000);
const PIN = () => ({ alias: 'Matrix', pin: '385016', endDate: inAWeek().toISOString() });

const get =
  (url: string): Build =>
  () => ({ url });
/** A week-long link of the organization's owner on these devices. */
const ownersLink = (w: World, deviceIds: number[]) => makeLink(w.org, w.users.owner, deviceIds);

/** A fresh lock with one PIN. */
async function lockWithPin(w: World) {
  const lock = await newLock(w);
  const [pinId] = await insertPins(lock.id, [{ value: '729104', alias: 'Cleaner' }]);
  return { lock, pin: `${MY}/lock/${lock.id}/pin/${pinId}` };
}

const sharedPin = shared(
  async (w) =>
    `${MY}/lock/${w.lock.id}/pin/${(await insertPins(w.lock.id, [{ value: '720194', alias: 'Shared', endDate: inAWeek() }]))[0]}`,
);
const sharedOperation = shared(async (w) => {
  const res = await api('POST', `${MY}/lock/${(await newLock(w)).id}/operation/unlock`, { key: w.users.owner.key });
  return res.json.result.operationId as string;
});

/** A webhook of the owner's (`my`) or of the organization, with one delivery (a test send). */
async function hookWithDelivery(w: World, kind: 'my' | 'org') {
  const base = kind === 'my' ? `${MY}/webhook` : `${org(w)}/webhook`;
  const sub = await createSubscription(
    kind === 'my' ? { url: HOOK_URL, userId: w.users.owner.id } : { url: HOOK_URL, organizationId: w.org.id },
  );
  const sent = await api('POST', `${base}/${sub.id}/test`, { key: w.users.owner.key });
  return { hook: `${base}/${sub.id}`, delivery: sent.json.result.id as number };
}
const sharedHook = { my: shared((w) => hookWithDelivery(w, 'my')), org: shared((w) => hookWithDelivery(w, 'org')) };

/** The webhook rows, alike under /my and /organization/{id}. */
function webhookRows(prefix: string, kind: 'my' | 'org'): Record<string, Build> {
  return {
    [`GET ${prefix}`]: (w) => ({ url: kind === 'my' ? `${MY}/webhook` : `${org(w)}/webhook` }),
    [`POST ${prefix}`]: (w) => ({ url: kind === 'my' ? `${MY}/webhook` : `${org(w)}/webhook`, body: HOOK_BODY }),
    [`GET ${prefix}/[id]`]: async (w) => ({ url: (await sharedHook[kind](w)).hook }),
    [`PATCH ${prefix}/[id]`]: async (w) => ({ url: (await hookWithDelivery(w, kind)).hook, body: { enabled: false } }),
    [`DELETE ${prefix}/[id]`]: async (w) => ({ url: (await hookWithDelivery(w, kind)).hook }),
    [`POST ${prefix}/[id]/test`]: async (w) => ({ url: `${(await hookWithDelivery(w, kind)).hook}/test` }),
    [`GET ${prefix}/[id]/delivery`]: async (w) => ({ url: `${(await sharedHook[kind](w)).hook}/delivery` }),
    [`POST ${prefix}/[id]/delivery/[deliveryId]/redeliver`]: async (w) => {
      const h = await hookWithDelivery(w, kind);
      return { url: `${h.hook}/delivery/${h.delivery}/redeliver` };
    },
  };
}

/** A fresh person in the world's organization with this role: whom a row renames, promotes, demotes or removes. */
const freshPerson = async (w: World, role = 0) => addOrgUser(w.org.id, (await createUser()).id, role);

/** The token of an invitation to a fresh organization for the caller's own address (an outsider's org: joining changes nothing the other rows read). */
async function invitationTokenFor(w: World, c: Caller) {
  const inv = await openInvitation((await createOrg()).id, w.users[identity(w, c)].email);
  return (await issueEmailToken(await db(), { purpose: 'org-invite', email: inv.email, ref: inv.id, now: new Date() }))
    .token;
}

/**
 * Ownership handed over changes the organization for every later cell, so each cell asks it of a
 * fresh organization where the caller has the role they have in the world's, with an administrator
 * to hand it to (and an owner of its own when the caller is not).
 */
async function transferTarget(w: World, c: Caller) {
  const o = await createOrg();
  const role = PEOPLE[identity(w, c)].orgRole;
  if (role !== null) await addOrgUser(o.id, w.users[identity(w, c)].id, role);
  if (role !== 2) await addOrgUser(o.id, (await createUser()).id, 2);
  const admin = await addOrgUser(o.id, (await createUser()).id, 1);
  return { url: `${V}/organization/${o.id}/transferownership`, body: { organizationUserId: admin } };
}

const sharedGroup = shared((w) => createGroup(w.org.id, `Shared ${randomUUID().slice(0, 6)}`));
const groupUrl = async (w: World, members: number[] = []) =>
  `${org(w)}/user-groups/${(await createGroup(w.org.id, `Matrix ${randomUUID().slice(0, 6)}`, members)).id}`;
const sharedLink = shared((w) => ownersLink(w, [w.lock.id]));
const sharedSite = shared((w) => createSite(w.org.id));
/** An active lockdown of a fresh site without doors (nothing of the world is locked down by it). */
async function freshLockdown(w: World) {
  const site = await createSite(w.org.id);
  const [l] = await (await db())
    .insert(lockdowns)
    .values({ organizationId: w.org.id, siteId: site.id, reason: 'Matrix drill' })
    .returning({ id: lockdowns.id });
  return l;
}
const sharedLockdown = shared(freshLockdown);
const linkUrl = (w: World, id: string) => `${org(w)}/accesslink/${id}`;

/** A door sensor on the world's lock, with the cast. */
async function newSensor(w: World) {
  const sensor = await createDoorSensor(w.lock);
  await castOn(w, sensor.id);
  return sensor;
}
const sharedSensor = shared(newSensor);

/** A lock operation: on a fresh lock every time (the lock is busy for a while after one). */
const operate =
  (op: 'unlock' | 'lock' | 'pull'): Build =>
  async (w) => ({ url: `${MY}/lock/${(await newLock(w)).id}/operation/${op}` });
/** Tedee's v1.1x form of the same command: the lock's id in the body. */
const legacy =
  (path: 'open' | 'close' | 'pull-spring'): Build =>
  async (w) => ({ url: `${MY}/lock/${path}`, body: { deviceId: (await newLock(w)).id } });

export const REQUESTS: Record<string, Build> = {
  // the simulator's control plane
  'GET /api/sim/device/[id]': (w) => ({ url: `/api/sim/device/${w.lock.id}` }),
  'POST /api/sim/device/[id]': async (w) => ({
    url: `/api/sim/device/${(await newLock(w)).id}`,
    body: { action: 'press', how: 'knob', operation: 'unlock' },
  }),
  'GET /api/sim/gate': get('/api/sim/gate'),
  'POST /api/sim/gate': async (w) => ({
    url: '/api/sim/gate',
    body: { action: 'remove', externalId: (await newGate(w)).externalId },
  }),
  'POST /api/sim/lock/[id]/keypad': async (w) => ({
    url: `/api/sim/lock/${(await lockWithPin(w)).lock.id}/keypad`,
    body: { pin: '729104' },
  }),

  // public
  'POST /api/v37/account/register': () => ({
    url: `${V}/account/register`,
    body: {
      email: `matrix-${randomUUID().slice(0, 8)}@test.local`,
      password: 'long-enough-1',
      displayName: 'Matrix signup',
    },
    headers: freshAddress(),
  }),
  // the mailed links: a token of a fresh account's own, issued as the mail would carry it
  'POST /api/v37/account/verify': async () => ({
    url: `${V}/account/verify`,
    body: { token: await mailedToken('verify') },
  }),
  'POST /api/v37/notification/unsubscribe': async () => ({
    url: `${V}/notification/unsubscribe`,
    body: { token: await unsubscribeToken() },
  }),
  'POST /api/v37/account/verify/resend': () => ({
    url: `${V}/account/verify/resend`,
    body: { email: `matrix-${randomUUID().slice(0, 8)}@test.local` },
    headers: freshAddress(),
  }),
  'POST /api/v37/account/password/forgot': () => ({
    url: `${V}/account/password/forgot`,
    body: { email: `matrix-${randomUUID().slice(0, 8)}@test.local` },
    headers: freshAddress(),
  }),
  'POST /api/v37/account/password/reset': async () => ({
    url: `${V}/account/password/reset`,
    body: { token: await mailedToken('reset'), password: 'long-enough-2' },
    headers: freshAddress(),
  }),
  'POST /api/v37/account/passkey/options': () => ({
    url: `${V}/account/passkey/options`,
    body: {},
    headers: freshAddress(),
  }),
  'GET /api/v37/service/publickey': get(`${V}/service/publickey`),
  'GET /api/v37/openapi.json': get(`${V}/openapi.json`),
  'GET /api/v37/datetime/getsignedtime': get(`${V}/datetime/getsignedtime`),
  'GET /api/v37/link/[token]': async (w, c) => ({
    url: `${V}/link/${await linkTokenFor(w, c, () => ownersLink(w, [w.lock.id]))}`,
    headers: freshAddress(),
  }),
  'GET /api/v37/link/[token]/page': async (w, c) => ({
    url: `${V}/link/${await linkTokenFor(w, c, () => ownersLink(w, [w.lock.id]))}/page`,
    headers: freshAddress(),
  }),
  'POST /api/v37/link/[token]/device/[deviceId]/open': async (w, c) => {
    const lock = await newLock(w);
    return {
      url: `${V}/link/${await linkTokenFor(w, c, () => ownersLink(w, [lock.id]))}/device/${lock.id}/open`,
      headers: freshAddress(),
    };
  },
  'GET /api/v37/link/[token]/operation/[operationId]': async (w, c) => {
    // an opening through the row's link, read back with the caller's token
    const lock = await newLock(w);
    const own = await ownersLink(w, [lock.id]);
    const opened = await api('POST', `${V}/link/${own.token}/device/${lock.id}/open`, { headers: freshAddress() });
    return {
      url: `${V}/link/${await linkTokenFor(w, c, async () => own)}/operation/${opened.json.result.operationId}`,
      headers: freshAddress(),
    };
  },

  // the caller's own lists
  'GET /api/v37/my/bridge': get(`${MY}/bridge`),
  'GET /api/v37/my/device': get(`${MY}/device`),
  'GET /api/v37/my/device/details': get(`${MY}/device/details`),
  'GET /api/v37/my/device/list': get(`${MY}/device/list`),
  'GET /api/v37/my/attention': get(`${MY}/attention`),
  'GET /api/v37/my/doorsensor': get(`${MY}/doorsensor`),
  'GET /api/v37/my/gate': get(`${MY}/gate`),
  'GET /api/v37/my/lock': get(`${MY}/lock`),
  'GET /api/v37/my/lock/sync': get(`${MY}/lock/sync`),
  'GET /api/v37/my/keypad': get(`${MY}/keypad`),
  'POST /api/v37/my/gate/sync': get(`${MY}/gate/sync`),

  // a device
  'GET /api/v37/my/lock/[id]': (w) => ({ url: `${MY}/lock/${w.lock.id}` }),
  'GET /api/v37/my/lock/[id]/sync': (w) => ({ url: `${MY}/lock/${w.lock.id}/sync` }),
  // a timetable (issue 35), disabled: no worker runs in tests, and none would send anything for it
  'GET /api/v37/my/lock/[id]/timetable': (w) => ({ url: `${MY}/lock/${w.lock.id}/timetable` }),
  'PUT /api/v37/my/lock/[id]/timetable': (w) => ({
    url: `${MY}/lock/${w.lock.id}/timetable`,
    body: { enabled: false, rules: [{ days: 31, at: '08:00', action: 'unlock' }], exceptions: [] },
  }),
  'DELETE /api/v37/my/lock/[id]/timetable': (w) => ({ url: `${MY}/lock/${w.lock.id}/timetable` }),
  'GET /api/v37/my/device/[deviceId]/battery': (w) => ({ url: `${MY}/device/${w.lock.id}/battery` }),
  'GET /api/v37/my/device/[deviceId]/hours': (w) => ({ url: `${MY}/device/${w.lock.id}/hours` }),
  'GET /api/v37/my/device/operation/[operationId]': async (w) => ({
    url: `${MY}/device/operation/${await sharedOperation(w)}`,
  }),
  'GET /api/v37/my/device/[deviceId]/access': (w) => ({ url: `${MY}/device/${w.lock.id}/access` }),
  'GET /api/v37/my/deviceactivity': (w) => ({ url: `${MY}/deviceactivity?deviceId=${w.lock.id}` }),
  'GET /api/v37/my/events': () => ({ url: `${MY}/events` }),
  'GET /api/v37/my/deviceactivity/export': (w) => ({ url: `${MY}/deviceactivity/export?deviceId=${w.lock.id}` }),
  'GET /api/v37/my/devicecertificate/getrevokedformobile': (w) => ({
    url: `${MY}/devicecertificate/getrevokedformobile?deviceId=${w.lock.id}&version=0`,
  }),
  'POST /api/v37/my/lock/[id]/operation/unlock': operate('unlock'),
  'POST /api/v37/my/lock/[id]/operation/lock': operate('lock'),
  'POST /api/v37/my/lock/[id]/operation/pull': operate('pull'),
  'POST /api/v37/my/lock/open': legacy('open'),
  'POST /api/v37/my/lock/close': legacy('close'),
  'POST /api/v37/my/lock/pull-spring': legacy('pull-spring'),
  // asked for the caller's own phone (the owner's, for the owner's restricted keys)
  'GET /api/v37/my/devicecertificate/getformobile': (w, c) => ({
    url: `${MY}/devicecertificate/getformobile?mobileId=${w.phones[identity(w, c)]}&deviceId=${w.lock.id}`,
  }),
  'GET /api/v37/my/lock/[id]/pin': (w) => ({ url: `${MY}/lock/${w.lock.id}/pin` }),
  'POST /api/v37/my/lock/[id]/pin': async (w) => ({ url: `${MY}/lock/${(await newLock(w)).id}/pin`, body: PIN() }),
  'GET /api/v37/my/lock/[id]/pin/[pinId]': async (w) => ({ url: await sharedPin(w) }),
  'PUT /api/v37/my/lock/[id]/pin/[pinId]': async (w) => ({ url: (await lockWithPin(w)).pin, body: PIN() }),
  'DELETE /api/v37/my/lock/[id]/pin/[pinId]': async (w) => ({ url: (await lockWithPin(w)).pin }),
  'POST /api/v37/my/device/[deviceId]/access': async (w) => ({
    url: `${MY}/device/${(await newLock(w)).id}/access`,
    body: {
      principalType: 0,
      userEmail: `invitee-${randomUUID().slice(0, 8)}@test.local`,
      accessLevel: 0,
      remoteAccessDisabled: false,
      endDate: inAWeek().toISOString(),
    },
  }),
  // the bystander's guest access on a fresh lock
  'PUT /api/v37/my/device/[deviceId]/access/[accessId]': async (w) => ({
    url: await bystanderAccess(w),
    body: { accessLevel: 0, weekDays: 31 },
  }),
  'DELETE /api/v37/my/device/[deviceId]/access/[accessId]': async (w) => ({ url: await bystanderAccess(w) }),
  'POST /api/v37/my/device/[deviceId]/access/[accessId]/resend': async (w) => ({
    url: `${await pendingInvitation(w)}/resend`,
  }),
  'POST /api/v37/my/device/[deviceId]/access/[accessId]/copy-to': async (w) => ({
    url: `${await bystanderAccess(w)}/copy-to`,
    body: { principals: [{ principalType: 0, userEmail: `invitee-${randomUUID().slice(0, 8)}@test.local` }] },
  }),
  'POST /api/v37/my/gate/[id]/sync': async (w) => ({ url: `${MY}/gate/${(await newGate(w)).id}/sync` }),

  // the owner's own things
  'POST /api/v37/my/mobile': () => ({ url: `${MY}/mobile`, body: { name: 'Matrix phone', publicKey: phoneKey() } }),
  'GET /api/v37/my/mobile': get(`${MY}/mobile`),
  'GET /api/v37/my/mobile/[id]': (w) => ({ url: `${MY}/mobile/${w.phones.owner}` }),
  'DELETE /api/v37/my/mobile/[id]': async (w) => ({ url: `${MY}/mobile/${await registerPhone(w.users.owner)}` }),
  // the caller's own account (Settings > Security): whoever the key belongs to (the read-only key: the owner's)
  'PUT /api/v37/my/account/password': (w, c) => {
    const user = w.users[identity(w, c)];
    const body = {
      currentPassword: user.password,
      newPassword: `${user.password.slice(0, 20)} ${randomUUID().slice(0, 6)}`,
    };
    // a person's full key changes it (200): from now on the world knows the new one
    if (isPerson(c)) user.password = body.newPassword;
    return { url: `${MY}/account/password`, body };
  },
  'POST /api/v37/my/account/reauthenticate': (w, c) => ({
    url: `${MY}/account/reauthenticate`,
    body: { password: w.users[identity(w, c)].password },
  }),
  'DELETE /api/v37/my/account/sessions': get(`${MY}/account/sessions`),
  // an invitation mailed to the caller's own address (the read-only key: the owner's), on a lock of the organization
  'POST /api/v37/account/invitation/accept': async (w, c) => ({
    url: `${V}/account/invitation/accept`,
    body: { token: await invitationFor(w.org.id, w.users[identity(w, c)].email) },
  }),
  'GET /api/v37/my/personalaccesskey': get(`${MY}/personalaccesskey`),
  // Account.Read for an hour: within what any full key may create
  'POST /api/v37/my/personalaccesskey': () => ({
    url: `${MY}/personalaccesskey`,
    body: { name: 'matrix', scopes: ['Account.Read'], validTo: new Date(Date.now() + 3_600_000).toISOString() },
  }),
  'PUT /api/v37/my/personalaccesskey/[id]': async (w) => ({ url: await ownerKeyUrl(w), body: { name: 'renamed' } }),
  'DELETE /api/v37/my/personalaccesskey/[id]': async (w) => ({ url: await ownerKeyUrl(w) }),
  // third-party apps: each person's own; the owner's app (and the owner's connection to one) is the target
  'GET /api/v37/my/oauthclient': get(`${MY}/oauthclient`),
  'POST /api/v37/my/oauthclient': () => ({
    url: `${MY}/oauthclient`,
    body: { name: 'Matrix app', redirectUris: ['https://matrix.example/cb'] },
  }),
  'DELETE /api/v37/my/oauthclient/[clientId]': async (w) => ({
    url: `${MY}/oauthclient/${(await registerTestApp(w.users.owner)).clientId}`,
  }),
  'GET /api/v37/my/connectedapp': get(`${MY}/connectedapp`),
  'DELETE /api/v37/my/connectedapp/[clientId]': async (w) => {
    const app = await registerTestApp(w.bystander);
    await connectApp(w.users.owner, app, ['Device.Read'], ['Device.Read'], { direct: true });
    return { url: `${MY}/connectedapp/${app.clientId}` };
  },
  // second factors: each person's own; setting up starts afresh (a confirmed app from another cell is removed first)
  'GET /api/v37/my/account/secondfactor': get(`${MY}/account/secondfactor`),
  'POST /api/v37/my/account/secondfactor/totp': async (w, c) => {
    if (isPerson(c)) await resetTotp(w, c);
    return { url: `${MY}/account/secondfactor/totp` };
  },
  'PUT /api/v37/my/account/secondfactor/totp': async (w, c) => ({
    url: `${MY}/account/secondfactor/totp`,
    body: { code: isPerson(c) ? await startTotpFor(w, c) : '000000' },
  }),
  'DELETE /api/v37/my/account/secondfactor/totp': (w, c) => ({
    url: `${MY}/account/secondfactor/totp`,
    body: { password: w.users[identity(w, c)].password },
  }),
  'POST /api/v37/my/account/secondfactor/recoverycodes': async (w, c) => {
    if (isPerson(c)) {
      const res = await api('PUT', `${MY}/account/secondfactor/totp`, {
        key: w.users[c].key,
        body: { code: await startTotpFor(w, c) },
      });
      if (res.status !== 200) throw new Error(`could not set up an authenticator app: ${res.status} ${res.text}`);
    }
    return { url: `${MY}/account/secondfactor/recoverycodes`, body: { password: w.users[identity(w, c)].password } };
  },
  'POST /api/v37/my/account/passkey/options': () => ({ url: `${MY}/account/passkey/options` }),
  'POST /api/v37/my/account/passkey': async (w, c) => ({
    url: `${MY}/account/passkey`,
    body: await passkeyAnswer(w, identity(w, c)),
  }),
  // a passkey of the owner's: everyone else gets 404 (before any password is looked at)
  'DELETE /api/v37/my/account/passkey/[id]': async (w, c) => {
    // the owner keeps at most 20: the ones earlier cells made (and others did not delete) go first
    await (await db()).delete(passkeys).where(and(eq(passkeys.userId, w.users.owner.id), eq(passkeys.name, 'Matrix')));
    const body = await passkeyAnswer(w, 'owner');
    const made = await api('POST', `${MY}/account/passkey`, { key: w.users.owner.key, body });
    return {
      url: `${MY}/account/passkey/${made.json.result.id}`,
      body: { password: w.users[identity(w, c)].password },
    };
  },
  ...webhookRows('/api/v37/my/webhook', 'my'),
  'GET /api/v37/my/notification': get(`${MY}/notification`),
  // the caller's own choices for the world's lock: owners and administrators (whatever their hours) may
  'PUT /api/v37/my/notification': (w) => ({
    url: `${MY}/notification`,
    body: { kinds: { jammed: true }, devices: [{ deviceId: w.lock.id, kind: 'jammed', enabled: null }] },
  }),

  // the organization
  'GET /api/v37/organization': get(`${V}/organization`),
  'GET /api/v37/organization/[organizationId]/user': (w) => ({ url: `${org(w)}/user` }),
  'GET /api/v37/organization/[organizationId]/audit': (w) => ({ url: `${org(w)}/audit` }),
  'GET /api/v37/organization/[organizationId]/audit/export': (w) => ({ url: `${org(w)}/audit/export` }),
  'GET /api/v37/organization/[organizationId]/security': (w) => ({ url: `${org(w)}/security` }),
  // the rule is on in the world (everyone but adminNoFactor has a passkey): setting it on again changes nothing for later cells
  'PUT /api/v37/organization/[organizationId]/security': (w) => ({
    url: `${org(w)}/security`,
    body: { requireSecondFactor: true },
  }),
  'GET /api/v37/organization/[organizationId]/bridge': (w) => ({ url: `${org(w)}/bridge` }),
  // a new bridge on the (loopback) network per cell: a check only reads it, an addition takes it
  'POST /api/v37/organization/[organizationId]/bridge/check': async (w) => {
    const b = await bridgeOnNetwork();
    return { url: `${org(w)}/bridge/check`, body: { address: b.address, token: b.token } };
  },
  'POST /api/v37/organization/[organizationId]/bridge': async (w) => {
    const b = await bridgeOnNetwork();
    return {
      url: `${org(w)}/bridge`,
      body: { address: b.address, token: b.token, name: 'Matrix bridge', locks: [{ id: 1, name: 'Matrix door' }] },
    };
  },
  'DELETE /api/v37/organization/[organizationId]/bridge/[bridgeId]': async (w) => ({
    url: `${org(w)}/bridge/${(await createBridge({ organizationId: w.org.id, name: `Matrix bridge ${randomUUID().slice(0, 6)}` })).id}`,
  }),
  'GET /api/v37/organization/[organizationId]/user-groups': (w) => ({ url: `${org(w)}/user-groups` }),
  'POST /api/v37/organization/[organizationId]/user-groups': (w) => ({
    url: `${org(w)}/user-groups`,
    body: { name: `Matrix ${randomUUID().slice(0, 6)}` },
  }),
  'GET /api/v37/organization/[organizationId]/user-groups/[groupId]': async (w) => ({
    url: `${org(w)}/user-groups/${(await sharedGroup(w)).id}?includeMembers=true`,
  }),
  'PUT /api/v37/organization/[organizationId]/user-groups/[groupId]': async (w) => ({
    url: await groupUrl(w),
    body: { name: `Renamed ${randomUUID().slice(0, 6)}` },
  }),
  'PATCH /api/v37/organization/[organizationId]/user-groups/[groupId]': async (w) => ({
    url: await groupUrl(w),
    body: { name: `Renamed ${randomUUID().slice(0, 6)}` },
  }),
  'GET /api/v37/organization/[organizationId]/user-groups/[groupId]/devices': async (w) => ({
    url: `${org(w)}/user-groups/${(await sharedGroup(w)).id}/devices`,
  }),
  'GET /api/v37/organization/[organizationId]/user-groups/[groupId]/members': async (w) => ({
    url: `${org(w)}/user-groups/${(await sharedGroup(w)).id}/members`,
  }),
  'DELETE /api/v37/organization/[organizationId]/user-groups/[groupId]': async (w) => ({ url: await groupUrl(w) }),
  // a fresh group, and the member without access as the one added or removed
  'POST /api/v37/organization/[organizationId]/user-groups/[groupId]/members': async (w) => ({
    url: `${await groupUrl(w)}/members`,
    body: { organizationUserIds: [w.ouIds.orgMember] },
  }),
  'DELETE /api/v37/organization/[organizationId]/user-groups/[groupId]/members': async (w) => ({
    url: `${await groupUrl(w, [w.ouIds.orgMember!])}/members`,
    body: { organizationUserIds: [w.ouIds.orgMember] },
  }),
  // sites: a shared one to read, a fresh one (without devices) to change, delete or move the world's lock into
  'GET /api/v37/organization/[organizationId]/sites': (w) => ({ url: `${org(w)}/sites` }),
  'POST /api/v37/organization/[organizationId]/sites': (w) => ({
    url: `${org(w)}/sites`,
    body: { name: `Matrix ${randomUUID().slice(0, 6)}`, timeZone: 'Europe/Warsaw' },
  }),
  'GET /api/v37/organization/[organizationId]/sites/[siteId]': async (w) => ({
    url: `${org(w)}/sites/${(await sharedSite(w)).id}`,
  }),
  'PATCH /api/v37/organization/[organizationId]/sites/[siteId]': async (w) => ({
    url: `${org(w)}/sites/${(await createSite(w.org.id)).id}`,
    body: { name: `Renamed ${randomUUID().slice(0, 6)}`, timeZone: 'UTC' },
  }),
  'DELETE /api/v37/organization/[organizationId]/sites/[siteId]': async (w) => ({
    url: `${org(w)}/sites/${(await createSite(w.org.id)).id}`,
  }),
  'POST /api/v37/organization/[organizationId]/sites/[siteId]/devices': async (w) => ({
    url: `${org(w)}/sites/${(await createSite(w.org.id)).id}/devices`,
    body: { deviceIds: [w.lock.id] },
  }),
  // a site's reports: a fresh site per cell (a subscription is one per person, site and frequency)
  'GET /api/v37/organization/[organizationId]/sites/[siteId]/reports': async (w) => ({
    url: `${org(w)}/sites/${(await sharedSite(w)).id}/reports`,
  }),
  'POST /api/v37/organization/[organizationId]/sites/[siteId]/reports': async (w) => ({
    url: `${org(w)}/sites/${(await createSite(w.org.id)).id}/reports`,
    body: { frequency: 'weekly', hour: 8 },
  }),
  'GET /api/v37/organization/[organizationId]/sites/[siteId]/reports/last': async (w) => ({
    url: `${org(w)}/sites/${(await sharedSite(w)).id}/reports/last?frequency=weekly`,
  }),
  // the caller's own subscription (made here for whoever asks: ending one's own is never refused to a member)
  'DELETE /api/v37/organization/[organizationId]/sites/[siteId]/reports/[subscriptionId]': async (w, c) => {
    const site = await createSite(w.org.id);
    const [s] = await (await db())
      .insert(reportSubscriptions)
      .values({
        organizationId: w.org.id,
        siteId: site.id,
        userId: w.users[identity(w, c)].id,
        frequency: 'weekly',
        hour: 8,
      })
      .returning({ id: reportSubscriptions.id });
    return { url: `${org(w)}/sites/${site.id}/reports/${s.id}` };
  },
  // lockdowns: each of a fresh site without doors, so none reaches the world's lock and the next cell's start is new
  'GET /api/v37/organization/[organizationId]/lockdowns': (w) => ({ url: `${org(w)}/lockdowns` }),
  'POST /api/v37/organization/[organizationId]/lockdowns': async (w) => ({
    url: `${org(w)}/lockdowns`,
    body: { siteId: (await createSite(w.org.id)).id, reason: 'Matrix drill' },
  }),
  'GET /api/v37/organization/[organizationId]/lockdowns/[lockdownId]': async (w) => ({
    url: `${org(w)}/lockdowns/${(await sharedLockdown(w)).id}`,
  }),
  'POST /api/v37/organization/[organizationId]/lockdowns/[lockdownId]/lift': async (w) => ({
    url: `${org(w)}/lockdowns/${(await freshLockdown(w)).id}/lift`,
  }),
  ...webhookRows('/api/v37/organization/[organizationId]/webhook', 'org'),

  // the organization's people
  'POST /api/v37/organization/[organizationId]/user': (w) => ({
    url: `${org(w)}/user`,
    body: { email: `matrix-${randomUUID().slice(0, 8)}@test.local`, role: 2 }, // Tedee's Member
  }),
  'GET /api/v37/organization/[organizationId]/user/[organizationUserId]': (w) => ({
    url: `${org(w)}/user/${w.ouIds.orgMember}`,
  }),
  'PUT /api/v37/organization/[organizationId]/user/byorganizationuserid/[organizationUserId]': async (w) => ({
    url: `${org(w)}/user/byorganizationuserid/${await freshPerson(w)}`,
    body: { displayName: 'Matrix renamed' },
  }),
  'DELETE /api/v37/organization/[organizationId]/user/byorganizationuserid/[organizationUserId]': async (w) => ({
    url: `${org(w)}/user/byorganizationuserid/${await freshPerson(w)}`,
  }),
  // a page per person (issue 33)
  'GET /api/v37/organization/[organizationId]/people': (w) => ({ url: `${org(w)}/people` }),
  'GET /api/v37/organization/[organizationId]/people/doors': (w) => ({ url: `${org(w)}/people/doors` }),
  'GET /api/v37/organization/[organizationId]/people/access': (w) => ({
    url: `${org(w)}/people/access?userId=${w.users.guest.id}`,
  }),
  'POST /api/v37/organization/[organizationId]/people/access': async (w) => ({
    url: `${org(w)}/people/access`,
    body: {
      userEmail: `invitee-${randomUUID().slice(0, 8)}@test.local`,
      deviceIds: [(await newLock(w)).id],
      accessLevel: 0,
      remoteAccessDisabled: false,
      endDate: inAWeek().toISOString(),
    },
  }),
  // a fresh person outside the organization with a guest access on a fresh lock
  'POST /api/v37/organization/[organizationId]/people/access/revokeall': async (w) => {
    const lock = await newLock(w);
    const person = await createUser();
    await (await db())
      .insert(deviceAccess)
      .values({ deviceId: lock.id, principalType: 0, userId: person.id, accessLevel: 0 });
    return { url: `${org(w)}/people/access/revokeall`, body: { userId: person.id } };
  },
  'PUT /api/v37/organization/[organizationId]/assignadmin': async (w) => ({
    url: `${org(w)}/assignadmin`,
    body: { organizationUserId: await freshPerson(w, 0) },
  }),
  'PUT /api/v37/organization/[organizationId]/removeadmin': async (w) => ({
    url: `${org(w)}/removeadmin`,
    body: { organizationUserId: await freshPerson(w, 1) },
  }),
  // the owner alone limits the sites a person administers (issue 35): a fresh administrator, to no site
  'PUT /api/v37/organization/[organizationId]/user/[organizationUserId]/sites': async (w) => ({
    url: `${org(w)}/user/${await freshPerson(w, 1)}/sites`,
    body: { siteIds: [] },
  }),
  'POST /api/v37/organization/[organizationId]/transferownership': (w, c) => transferTarget(w, c),
  'DELETE /api/v37/organization/[organizationId]/invitation/[invitationId]': async (w) => ({
    url: `${org(w)}/invitation/${(await openInvitation(w.org.id)).id}`,
  }),
  'POST /api/v37/organization/[organizationId]/invitation/[invitationId]/resend': async (w) => ({
    url: `${org(w)}/invitation/${(await openInvitation(w.org.id)).id}/resend`,
  }),
  'POST /api/v37/my/organization-invitation': async (w, c) => ({
    url: `${MY}/organization-invitation`,
    body: { token: isPerson(c) || c === 'readOnlyKey' ? await invitationTokenFor(w, c) : 'A'.repeat(43) },
  }),

  // access links
  'GET /api/v37/organization/[organizationId]/accesslink': (w) => ({ url: `${org(w)}/accesslink` }),
  'POST /api/v37/organization/[organizationId]/accesslink': (w) => ({
    url: `${org(w)}/accesslink`,
    body: { name: 'Matrix', devicesIds: [w.lock.id], repeatEvent: aWeek() },
  }),
  'GET /api/v37/organization/[organizationId]/accesslink/[accessLinkId]': async (w) => ({
    url: linkUrl(w, (await sharedLink(w)).id),
  }),
  'GET /api/v37/organization/[organizationId]/accesslink/[accessLinkId]/url': async (w) => ({
    url: `${linkUrl(w, (await sharedLink(w)).id)}/url`,
  }),
  'POST /api/v37/organization/[organizationId]/accesslink/[accessLinkId]/send': async (w) => ({
    url: `${linkUrl(w, (await sharedLink(w)).id)}/send`,
    body: { email: `guest-${randomUUID().slice(0, 8)}@matrix.test` },
  }),
  'GET /api/v37/organization/[organizationId]/accesslink/[accessLinkId]/history': async (w) => ({
    url: `${linkUrl(w, (await sharedLink(w)).id)}/history`,
  }),
  'PATCH /api/v37/organization/[organizationId]/accesslink/[accessLinkId]': async (w) => ({
    url: linkUrl(w, (await ownersLink(w, [w.lock.id])).id),
    body: { description: 'Changed' },
  }),
  'DELETE /api/v37/organization/[organizationId]/accesslink/[accessLinkId]': async (w) => ({
    url: linkUrl(w, (await ownersLink(w, [w.lock.id])).id),
  }),
  'GET /api/v37/organization/[organizationId]/accesslink/device/assignable': (w) => ({
    url: `${org(w)}/accesslink/device/assignable`,
  }),

  // managing devices (issue 19): a lock's settings, one gate, opening it, door sensors
  'GET /api/v37/my/gate/[id]': (w) => ({ url: `${MY}/gate/${w.gate.id}` }),
  'DELETE /api/v37/my/gate/[id]': async (w) => ({ url: `${MY}/gate/${(await newGate(w)).id}` }),
  'POST /api/v37/my/gate/[id]/operation/unlock': async (w) => ({
    url: `${MY}/gate/${(await newGate(w)).id}/operation/unlock`,
  }),
  'PATCH /api/v37/my/bridge': async (w) => {
    const bridge = await createBridge({ organizationId: w.org.id, name: `Matrix bridge ${randomUUID().slice(0, 6)}` });
    await castOn(w, bridge.id);
    return { url: `${MY}/bridge`, body: { id: bridge.id, revision: bridge.revision, name: 'Matrix bridge renamed' } };
  },
  'PATCH /api/v37/my/lock': async (w) => {
    const lock = await newLock(w);
    return { url: `${MY}/lock`, body: { id: lock.id, revision: lock.revision, name: 'Matrix renamed' } };
  },
  'GET /api/v37/my/doorsensor/[id]': async (w) => ({ url: `${MY}/doorsensor/${(await sharedSensor(w)).id}` }),
  'PATCH /api/v37/my/doorsensor/[id]': async (w) => {
    const sensor = await newSensor(w);
    return { url: `${MY}/doorsensor/${sensor.id}`, body: { revision: sensor.revision, name: 'Matrix sensor' } };
  },
  'DELETE /api/v37/my/doorsensor/[id]': async (w) => ({ url: `${MY}/doorsensor/${(await newSensor(w)).id}` }),
};

/** A fresh lock with the cast and an invitation waiting for an address without an account. */
async function pendingInvitation(w: World) {
  const lock = await newLock(w);
  const email = `invited-${randomUUID().slice(0, 8)}@test.local`;
  const [a] = await (await db())
    .insert(deviceAccess)
    .values({
      deviceId: lock.id,
      principalType: 0,
      pendingEmail: email,
      accessLevel: 0,
      endDate: inAWeek(),
      pendingExpiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: deviceAccess.id });
  return `${MY}/device/${lock.id}/access/${a.id}`;
}

/** The token of an invitation to `email` on a fresh lock of the organization (nobody else on it). */
async function invitationFor(organizationId: number, email: string) {
  const lock = await createOrgLock(organizationId, { name: `Matrix invitation ${randomUUID().slice(0, 6)}` });
  return (await invitationTo(lock.id, email)).token;
}

/** A notification mail's unsubscribe token of a fresh person (as lib/domain/notifications/message.ts makes it). */
async function unsubscribeToken() {
  const u = await createUser();
  return await (await db())
    .transaction((tx) => unsubscribeLink(tx, u.id, 'jammed', new Date()))
    .then((l) => new URL(l).searchParams.get('token')!);
}

/** The bystander's guest access on a fresh lock (the cast gives every lock one). */
async function bystanderAccess(w: World) {
  const lock = await newLock(w);
  const [a] = await (await db())
    .select({ id: deviceAccess.id })
    .from(deviceAccess)
    .where(and(eq(deviceAccess.deviceId, lock.id), eq(deviceAccess.userId, w.bystander.id)));
  return `${MY}/device/${lock.id}/access/${a.id}`;
}

/** The person's authenticator app removed (a cell before may have confirmed one). */
async function resetTotp(w: World, p: Person) {
  await (await db()).delete(userTotp).where(eq(userTotp.userId, w.users[p].id));
}

/** A new authenticator-app secret for the person, through the API; the current code for it. */
async function startTotpFor(w: World, p: Person): Promise<string> {
  await resetTotp(w, p);
  const res = await api('POST', `${MY}/account/secondfactor/totp`, { key: w.users[p].key });
  if (res.status !== 201) throw new Error(`could not start an authenticator app: ${res.status} ${res.text}`);
  return generate({ secret: res.json.result.secret });
}

/** A registration challenge for the person's new passkey, answered by a software authenticator. */
async function passkeyAnswer(w: World, p: Person) {
  const o = await api('POST', `${MY}/account/passkey/options`, { key: w.users[p].key });
  return {
    challengeId: o.json.result.challengeId,
    name: 'Matrix',
    response: new SoftAuthenticator(relyingParty().origin).create(o.json.result.options),
  };
}

/** A fresh read-only key of the owner's (not one the matrix calls with). */
const ownerKeyUrl = async (w: World) =>
  `${MY}/personalaccesskey/${(await createKeyFor(w.users.owner.id, { scopes: ['Account.Read'], name: 'matrix target' })).id}`;
