import { AccessLevel } from '@/db/schema';
import { api } from '../../support/router';
import { phoneKey } from '../../support/factories/account';
import { createUser, grantUser, lockAndOther, lockWithCast } from '../../support/factories/core';
import { createGate } from '../../support/factories/devices';
import { ownLockRead } from '../builders';
import { defineCases } from '../types';

/** Devices and commands (issue 4): locks, bridges, gates, door sensors, operations, mobiles, certificates. */
const V = '/api/v37/my';
const READ: ['Device.Read', 'Device.ReadWrite'] = ['Device.Read', 'Device.ReadWrite'];

async function gateAndOther() {
  const owner = await createUser();
  const gate = await createGate();
  await grantUser(gate.id, owner.id, AccessLevel.owner);
  return { owner, gate, other: await createGate() };
}

async function mobileOf(u: { key: string }) {
  return (await api('POST', `${V}/mobile`, { key: u.key, body: { name: 'phone', publicKey: phoneKey() } })).json.result
    .id as number;
}

/** The caller's phone, and another person's as the foreign one. */
async function onePhone() {
  const [me, other] = await Promise.all([createUser(), createUser()]);
  return {
    as: me,
    url: `${V}/mobile/${await mobileOf(me)}`,
    foreign: { url: `${V}/mobile/${await mobileOf(other)}` },
    malformed: { url: `${V}/mobile/abc` },
  };
}

const list = (route: string, malformed: string[]) => ({
  route: `${V}/${route}`,
  method: 'GET' as const,
  scopes: READ,
  ok: [200],
  noForeign: 'lists only the caller’s own devices (tests/api/devices.test.ts: an outsider’s lists are empty)',
  setup: async () => ({
    as: (await lockWithCast()).owner,
    url: `${V}/${route}`,
    malformed: malformed.map((q) => ({ url: `${V}/${route}?${q}` })),
  }),
});

const operation = (op: 'unlock' | 'lock' | 'pull') => ({
  route: `${V}/lock/[id]/operation/${op}`,
  method: 'POST' as const,
  scopes: ['Lock.Operate'] as ['Lock.Operate'],
  ok: [202],
  setup: async () => {
    const { owner, lock, other } = await lockAndOther();
    return {
      as: owner,
      url: `${V}/lock/${lock.id}/operation/${op}`,
      foreign: { url: `${V}/lock/${other.id}/operation/${op}` },
      malformed: [
        { url: `${V}/lock/abc/operation/${op}` },
        ...(op === 'unlock' ? [{ url: `${V}/lock/${lock.id}/operation/unlock?mode=9` }] : []),
      ],
    };
  },
});

export const cases = defineCases([
  ownLockRead('device/[deviceId]/hours', ['abc', 0]),
  list('lock', [
    'page=0',
    'itemsPerPage=101',
    'filters.state=x',
    'IncludeUserSettings=maybe',
    'Filters.OrganizationIds=x',
    'Filters.BatteryLevel=101',
  ]),
  list('gate', ['page=0', 'itemsPerPage=0', 'filters.isConnected=maybe']),
  list('doorsensor', ['page=-1', 'itemsPerPage=1000', 'includeUserSettings=2']),
  list('device/details', ['IncludeUserSettings=maybe', 'IncludeAccessories=x', 'page=0', 'itemsPerPage=1001']),
  {
    ...list('attention', ['organizationId=abc', 'organizationId=0']),
    noForeign: 'lists only the caller’s own devices (tests/api/attention.test.ts: an outsider’s list is empty)',
  },
  {
    ...list('device/list', ['kind=door', 'siteId=-1', 'problems=maybe', 'itemsPerPage=101', 'page=0']),
    noForeign: 'lists only the caller’s own devices (tests/api/device-list.test.ts: an outsider’s list is empty)',
  },
  list('lock/sync', ['id=abc', 'id=0']),
  { ...list('bridge', []), noMalformed: 'takes no input' },
  { ...list('device', []), noMalformed: 'takes no input' },
  {
    route: `${V}/lock/[id]`,
    method: 'GET',
    scopes: READ,
    ok: [200],
    setup: async () => {
      const { owner, lock, other } = await lockAndOther();
      return {
        as: owner,
        url: `${V}/lock/${lock.id}?IncludeUserSettings=true`,
        foreign: { url: `${V}/lock/${other.id}` },
        malformed: [{ url: `${V}/lock/abc` }, { url: `${V}/lock/${lock.id}?IncludeAccessories=maybe` }],
      };
    },
  },
  ownLockRead('lock/[id]/sync', [-4]),
  operation('unlock'),
  operation('lock'),
  operation('pull'),
  {
    route: `${V}/device/operation/[operationId]`,
    method: 'GET',
    scopes: ['Lock.Operate', 'Device.Read', 'Device.ReadWrite'],
    ok: [200],
    setup: async () => {
      const { owner, lock, other } = await lockAndOther();
      const mine = await api('POST', `${V}/lock/${lock.id}/operation/unlock`, { key: owner.key });
      const stranger = await createUser();
      await grantUser(other.id, stranger.id, AccessLevel.owner);
      const theirs = await api('POST', `${V}/lock/${other.id}/operation/unlock`, { key: stranger.key });
      return {
        as: owner,
        url: `${V}/device/operation/${mine.json.result.operationId}`,
        foreign: { url: `${V}/device/operation/${theirs.json.result.operationId}` },
        malformed: { url: `${V}/device/operation/not-a-uuid` },
      };
    },
  },
  {
    route: `${V}/gate/[id]/sync`,
    method: 'POST',
    scopes: ['Device.ReadWrite'],
    ok: [200],
    setup: async () => {
      const { owner, gate, other } = await gateAndOther();
      return {
        as: owner,
        url: `${V}/gate/${gate.id}/sync`,
        foreign: { url: `${V}/gate/${other.id}/sync` },
        malformed: [{ url: `${V}/gate/x/sync` }, { url: `${V}/gate/${gate.id}/sync?includeUserSettings=maybe` }],
      };
    },
  },
  {
    route: `${V}/mobile`,
    method: 'POST',
    scopes: ['DeviceCertificate.Operate', 'Mobile.ReadWrite'],
    ok: [201],
    noForeign: 'registers a phone of the caller; there is no resource id',
    setup: async () => ({
      as: await createUser(),
      url: `${V}/mobile`,
      body: { name: 'Pixel', publicKey: phoneKey() },
      malformed: [
        { url: `${V}/mobile`, body: { name: 'x', publicKey: 'abc' } },
        { url: `${V}/mobile`, body: { name: '', publicKey: phoneKey() } },
        { url: `${V}/mobile`, body: '{nope' },
      ],
    }),
  },
  {
    route: `${V}/mobile`,
    method: 'GET',
    scopes: ['DeviceCertificate.Operate', 'Mobile.Read', 'Mobile.ReadWrite'],
    ok: [200],
    noForeign: 'lists only the caller’s phones',
    noMalformed: 'takes no input',
    setup: async () => ({ as: await createUser(), url: `${V}/mobile` }),
  },
  {
    route: `${V}/mobile/[id]`,
    method: 'GET',
    scopes: ['DeviceCertificate.Operate', 'Mobile.Read', 'Mobile.ReadWrite'],
    ok: [200],
    setup: onePhone,
  },
  {
    route: `${V}/mobile/[id]`,
    method: 'DELETE',
    scopes: ['DeviceCertificate.Operate', 'Mobile.ReadWrite'],
    ok: [204],
    setup: onePhone,
  },
  {
    route: `${V}/devicecertificate/getformobile`,
    method: 'GET',
    scopes: ['DeviceCertificate.Operate'],
    ok: [200],
    setup: async () => {
      const { owner, lock, other } = await lockAndOther();
      const m = await mobileOf(owner);
      return {
        as: owner,
        url: `${V}/devicecertificate/getformobile?mobileId=${m}&deviceId=${lock.id}`,
        foreign: { url: `${V}/devicecertificate/getformobile?mobileId=${m}&deviceId=${other.id}` },
        malformed: [
          { url: `${V}/devicecertificate/getformobile?deviceId=${lock.id}` },
          { url: `${V}/devicecertificate/getformobile?mobileId=x&deviceId=${lock.id}` },
        ],
      };
    },
  },
  {
    route: `${V}/devicecertificate/getrevokedformobile`,
    method: 'GET',
    scopes: ['DeviceCertificate.Operate'],
    ok: [200, 204],
    setup: async () => {
      const { owner, lock, other } = await lockAndOther();
      return {
        as: owner,
        url: `${V}/devicecertificate/getrevokedformobile?deviceId=${lock.id}&version=0`,
        foreign: { url: `${V}/devicecertificate/getrevokedformobile?deviceId=${other.id}&version=0` },
        malformed: [
          { url: `${V}/devicecertificate/getrevokedformobile?deviceId=${lock.id}` },
          { url: `${V}/devicecertificate/getrevokedformobile?deviceId=${lock.id}&version=-1` },
        ],
      };
    },
  },
  {
    route: '/api/v37/service/publickey',
    method: 'GET',
    scopes: 'public',
    ok: [200],
    noForeign: 'one public key for everyone',
    noMalformed: 'takes no input',
    setup: async () => ({ url: '/api/v37/service/publickey' }),
  },
  {
    route: '/api/v37/openapi.json',
    method: 'GET',
    scopes: 'public',
    ok: [200],
    noForeign: 'one document for everyone',
    noMalformed: 'takes no input',
    setup: async () => ({ url: '/api/v37/openapi.json' }),
  },
  {
    route: '/api/v37/datetime/getsignedtime',
    method: 'GET',
    scopes: ['Device.Read', 'Device.ReadWrite'],
    ok: [200],
    noForeign: "the service's own clock, the same for everyone",
    noMalformed: 'takes no input',
    setup: async () => ({ as: await createUser(), url: '/api/v37/datetime/getsignedtime' }),
  },
]);
