import { randomUUID } from 'node:crypto';
import { api } from '../../support/router';
import { AccessLevel } from '@/db/schema';
import { grantUser } from '../../support/factories/core';
import { aWeek, createGate, createOrgLock, orgWithCast } from '../../support/factories/organization';
import { type ContractCase, defineCases } from '../types';
import { aClient } from '../clients';

/** Access links (issue 7): management by organization administrators, and the guest endpoints. */
const LINKS = (orgId: number | string) => `/api/v37/organization/${orgId}/accesslink`;
const READ: ['AccessLink.Read', 'AccessLink.ReadWrite'] = ['AccessLink.Read', 'AccessLink.ReadWrite'];

/** Another link's token (from its URL) with its last character changed: unknown (never the same character again). */
function alteredToken(url: string): string {
  const near = url.split('/link/')[1];
  return near.slice(0, -1) + (near.endsWith('A') ? 'B' : 'A');
}

/**
 * An administrator with a link in its organization, and a link of another organization. The
 * administrator manages the devices (a link gives no more than its maker may use).
 */
async function linkCast() {
  const c = await orgWithCast();
  const [gate, lock, foreignGate] = [
    await createGate(c.org.id),
    await createOrgLock(c.org.id),
    await createGate(c.other.id),
  ];
  for (const d of [gate, lock]) await grantUser(d.id, c.admin.id, AccessLevel.administrator);
  await grantUser(foreignGate.id, c.outsider.id, AccessLevel.owner);
  const make = async (orgId: number, key: string, deviceIds: number[]) =>
    (await api('POST', LINKS(orgId), { key, body: { name: 'Contract link', deviceIds, repeatEvent: aWeek() } })).json
      .result as { id: string; url: string };
  const link = await make(c.org.id, c.admin.key, [gate.id, lock.id]);
  const foreign = await make(c.other.id, c.outsider.key, [foreignGate.id]);
  return { ...c, gate, lock, link, foreign, token: link.url.split('/link/')[1] };
}

/** GET /link/{token}{suffix}: a guest's read, with another link's token altered as the unknown one. */
function guestRead(suffix: '' | '/page'): ContractCase {
  return {
    route: `/api/v37/link/[token]${suffix}`,
    method: 'GET',
    scopes: 'public',
    ok: [200],
    noMalformed: 'the token is any text: an unknown one is a 404 (foreign)',
    setup: async () => {
      const c = await linkCast();
      const headers = aClient();
      const altered = alteredToken(c.foreign.url);
      return {
        url: `/api/v37/link/${c.token}${suffix}`,
        headers,
        foreign: { url: `/api/v37/link/${altered}${suffix}`, headers },
      };
    },
  };
}

export const cases = defineCases([
  {
    route: '/api/v37/organization/[organizationId]/accesslink',
    method: 'GET',
    scopes: READ,
    ok: [200],
    setup: async () => {
      const c = await linkCast();
      return {
        as: c.admin,
        url: `${LINKS(c.org.id)}?filters.LinkName=contract&filters.DeviceId=${c.gate.id}&filters.StartDate=2020-01-01T00:00:00Z`,
        foreign: { url: LINKS(c.other.id) },
        malformed: [
          { url: `${LINKS(c.org.id)}?itemsPerPage=101` },
          { url: `${LINKS(c.org.id)}?filters.deviceId=x` },
          { url: `${LINKS(c.org.id)}?filters.EndDate=later` },
        ],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/accesslink',
    method: 'POST',
    scopes: ['AccessLink.ReadWrite'],
    ok: [201],
    setup: async () => {
      const c = await linkCast();
      const body = { name: 'New', description: 'd', devicesIds: [c.gate.id], repeatEvent: aWeek() };
      return {
        as: c.admin,
        url: LINKS(c.org.id),
        body,
        foreign: { url: LINKS(c.other.id), body },
        malformed: [
          { url: LINKS(c.org.id), body: { ...body, description: 'x'.repeat(73) } },
          { url: LINKS(c.org.id), body: { ...body, devicesIds: [] } },
          { url: LINKS(c.org.id), body: { ...body, devicesIds: [c.gate.id, c.gate.id] } },
          { url: LINKS(c.org.id), body: { ...body, devicesIds: [999999999] } },
        ],
      };
    },
  },
  ...(['GET', 'PATCH', 'DELETE'] as const).map((method) => ({
    route: '/api/v37/organization/[organizationId]/accesslink/[accessLinkId]',
    method,
    scopes: method === 'GET' ? READ : ['AccessLink.ReadWrite' as const],
    ok: [method === 'DELETE' ? 204 : 200],
    setup: async () => {
      const c = await linkCast();
      const body = method === 'PATCH' ? { description: 'Changed' } : undefined;
      return {
        as: c.admin,
        url: `${LINKS(c.org.id)}/${c.link.id}`,
        body,
        foreign: { url: `${LINKS(c.org.id)}/${c.foreign.id}`, body },
        malformed: [
          { url: `${LINKS(c.org.id)}/not-a-uuid`, body },
          ...(method === 'PATCH' ? [{ url: `${LINKS(c.org.id)}/${c.link.id}`, body: { deviceIds: [] } }] : []),
        ],
      };
    },
  })),
  {
    route: '/api/v37/organization/[organizationId]/accesslink/[accessLinkId]/url',
    method: 'GET',
    scopes: READ,
    ok: [200],
    setup: async () => {
      const c = await linkCast();
      return {
        as: c.admin,
        url: `${LINKS(c.org.id)}/${c.link.id}/url`,
        foreign: { url: `${LINKS(c.org.id)}/${c.foreign.id}/url` },
        malformed: [{ url: `${LINKS(c.org.id)}/not-a-uuid/url` }],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/accesslink/[accessLinkId]/history',
    method: 'GET',
    scopes: READ,
    ok: [200],
    setup: async () => {
      const c = await linkCast();
      await api('POST', `/api/v37/link/${c.token}/device/${c.gate.id}/open`, { headers: aClient() });
      return {
        as: c.admin,
        url: `${LINKS(c.org.id)}/${c.link.id}/history?page=1&itemsPerPage=10`,
        foreign: { url: `${LINKS(c.org.id)}/${c.foreign.id}/history` },
        malformed: [
          { url: `${LINKS(c.org.id)}/not-a-uuid/history` },
          { url: `${LINKS(c.org.id)}/${c.link.id}/history?itemsPerPage=101` },
          { url: `${LINKS(c.org.id)}/${c.link.id}/history?page=0` },
        ],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/accesslink/[accessLinkId]/send',
    method: 'POST',
    scopes: ['AccessLink.ReadWrite'],
    ok: [202],
    setup: async () => {
      const c = await linkCast();
      const body = { email: `guest-${randomUUID().slice(0, 8)}@contract.test` };
      return {
        as: c.admin,
        url: `${LINKS(c.org.id)}/${c.link.id}/send`,
        body,
        foreign: { url: `${LINKS(c.org.id)}/${c.foreign.id}/send`, body },
        malformed: [
          { url: `${LINKS(c.org.id)}/not-a-uuid/send`, body },
          { url: `${LINKS(c.org.id)}/${c.link.id}/send`, body: { email: 'nobody' } },
          { url: `${LINKS(c.org.id)}/${c.link.id}/send`, body: { ...body, message: 'x'.repeat(501) } },
        ],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/accesslink/device/assignable',
    method: 'GET',
    scopes: READ,
    ok: [200],
    setup: async () => {
      const c = await linkCast();
      const url = `${LINKS(c.org.id)}/device/assignable`;
      return {
        as: c.admin,
        url: `${url}?page=1&filters.DeviceName=gate`,
        foreign: { url: `${LINKS(c.other.id)}/device/assignable` },
        malformed: [{ url: `${url}?itemsPerPage=101` }, { url: `${url}?filters.DeviceId=abc` }],
      };
    },
  },
  guestRead(''),
  guestRead('/page'),
  {
    route: '/api/v37/link/[token]/device/[deviceId]/open',
    method: 'POST',
    scopes: 'public',
    ok: [202],
    setup: async () => {
      const c = await linkCast();
      const headers = aClient();
      return {
        url: `/api/v37/link/${c.token}/device/${c.gate.id}/open`,
        headers,
        // a device of another organization's link, with this link's token
        foreign: { url: `/api/v37/link/${c.token}/device/${(await createGate(c.other.id)).id}/open`, headers },
        malformed: [{ url: `/api/v37/link/${c.token}/device/abc/open`, headers }],
      };
    },
  },
  {
    route: '/api/v37/link/[token]/operation/[operationId]',
    method: 'GET',
    scopes: 'public',
    ok: [200],
    setup: async () => {
      const c = await linkCast();
      const headers = aClient();
      const op = await api('POST', `/api/v37/link/${c.token}/device/${c.gate.id}/open`, { headers });
      return {
        url: `/api/v37/link/${c.token}/operation/${op.json.result.operationId}`,
        headers,
        foreign: { url: `/api/v37/link/${c.token}/operation/${randomUUID()}`, headers },
        malformed: [{ url: `/api/v37/link/${c.token}/operation/not-a-uuid`, headers }],
      };
    },
  },
]);
