import { randomUUID } from 'node:crypto';
import { createLock, createUser, grantUser } from '../../support/factories/core';
import { sharingCast } from '../../support/factories/access';
import { defineCases } from '../types';
import { aClient } from '../clients';

/** Sharing (issue 6): device access and the public sign-up that claims pending shares. */
const BASE = (id: number | string) => `/api/v37/my/device/${id}/access`;

async function castWithForeign() {
  const c = await sharingCast();
  const foreignLock = await createLock();
  const stranger = await createUser();
  const foreignAccess = await grantUser(foreignLock.id, stranger.id, 0);
  return { ...c, foreignLock, foreignAccess };
}

const grant = (email: string) => ({ principalType: 0, userEmail: email, accessLevel: 0, remoteAccessDisabled: false });

export const cases = defineCases([
  {
    route: '/api/v37/my/device/[deviceId]/access',
    method: 'GET',
    scopes: ['DeviceShare.Read', 'DeviceShare.ReadWrite'],
    ok: [200],
    setup: async () => {
      const c = await castWithForeign();
      return {
        as: c.guest,
        url: BASE(c.lock.id),
        foreign: { url: BASE(c.foreignLock.id) },
        malformed: [
          { url: BASE('abc') },
          { url: `${BASE(c.lock.id)}?Filters.PrincipalType=7` },
          { url: `${BASE(c.lock.id)}?Filters.PrincipalId=x` },
        ],
      };
    },
  },
  {
    route: '/api/v37/my/device/[deviceId]/access',
    method: 'POST',
    scopes: ['DeviceShare.ReadWrite'],
    ok: [201],
    setup: async () => {
      const c = await castWithForeign();
      const email = `invitee-${randomUUID().slice(0, 8)}@test.local`;
      return {
        as: c.owner,
        url: BASE(c.lock.id),
        body: grant(email),
        foreign: { url: BASE(c.foreignLock.id), body: grant(email) },
        malformed: [
          { url: BASE(c.lock.id), body: { ...grant(email), weekDays: 0 } },
          { url: BASE(c.lock.id), body: { ...grant(email), accessLevel: 9 } },
          { url: BASE(c.lock.id), body: { principalType: 0 } },
          { url: BASE(c.lock.id), body: '{nope' },
        ],
      };
    },
  },
  {
    route: '/api/v37/my/device/[deviceId]/access/[accessId]',
    method: 'PUT',
    scopes: ['DeviceShare.ReadWrite'],
    ok: [204],
    setup: async () => {
      const c = await castWithForeign();
      // with an end: raising it is widening, which an administrator may only within what they hold (issue 29)
      const target = await grantUser(c.lock.id, (await createUser()).id, 0, {
        endDate: new Date(Date.now() + 7 * 86_400_000),
      });
      return {
        as: c.admin,
        url: `${BASE(c.lock.id)}/${target.id}`,
        body: { accessLevel: 1, weekDays: 31 },
        foreign: { url: `${BASE(c.foreignLock.id)}/${c.foreignAccess.id}`, body: { accessLevel: 1 } },
        malformed: [
          { url: `${BASE(c.lock.id)}/not-a-uuid`, body: { accessLevel: 1 } },
          { url: `${BASE(c.lock.id)}/${target.id}`, body: { weekDays: 200 } },
          { url: `${BASE(c.lock.id)}/${target.id}`, body: { remoteAccessDisabled: 'yes' } },
        ],
      };
    },
  },
  {
    route: '/api/v37/my/device/[deviceId]/access/[accessId]',
    method: 'DELETE',
    scopes: ['DeviceShare.ReadWrite'],
    ok: [204],
    setup: async () => {
      const c = await castWithForeign();
      const target = await grantUser(c.lock.id, (await createUser()).id, 0);
      return {
        as: c.owner,
        url: `${BASE(c.lock.id)}/${target.id}`,
        foreign: { url: `${BASE(c.foreignLock.id)}/${c.foreignAccess.id}` },
        malformed: [{ url: `${BASE(c.lock.id)}/123` }, { url: `${BASE('x')}/${target.id}` }],
      };
    },
  },
  {
    route: '/api/v37/my/device/[deviceId]/access/[accessId]/copy-to',
    method: 'POST',
    scopes: ['DeviceShare.ReadWrite'],
    ok: [201],
    setup: async () => {
      const c = await castWithForeign();
      const source = await grantUser(c.lock.id, (await createUser()).id, 0, { weekDays: 31 });
      const body = { principals: [{ principalType: 0, userEmail: (await createUser()).email }] };
      return {
        as: c.admin,
        url: `${BASE(c.lock.id)}/${source.id}/copy-to`,
        body,
        foreign: { url: `${BASE(c.foreignLock.id)}/${c.foreignAccess.id}/copy-to`, body },
        malformed: [
          { url: `${BASE(c.lock.id)}/${source.id}/copy-to`, body: { principals: [] } },
          { url: `${BASE(c.lock.id)}/${source.id}/copy-to`, body: { principals: [{ principalType: 3 }] } },
          { url: `${BASE(c.lock.id)}/not-a-uuid/copy-to`, body },
        ],
      };
    },
  },
  {
    route: '/api/v37/account/register',
    method: 'POST',
    scopes: 'public',
    ok: [202],
    noForeign: 'creates a new account (or mails the one there is); there is no resource of anyone to reach',
    setup: async () => {
      const headers = aClient();
      const body = {
        email: `signup-${randomUUID().slice(0, 8)}@test.local`,
        password: 'long-enough-1',
        displayName: 'New Person',
      };
      return {
        url: '/api/v37/account/register',
        body,
        headers,
        malformed: [
          { url: '/api/v37/account/register', body: { ...body, email: 'nope' }, headers },
          { url: '/api/v37/account/register', body: { ...body, password: 'short' }, headers },
          { url: '/api/v37/account/register', body: { email: body.email }, headers },
        ],
      };
    },
  },
]);
