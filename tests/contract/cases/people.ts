import { randomUUID } from 'node:crypto';
import { AccessLevel } from '@/db/schema';
import { createGroup, createUser, grantGroup, grantUser } from '../../support/factories/core';
import { createOrgLock, orgWithCast } from '../../support/factories/organization';
import { defineCases, ORG } from '../types';

/** A page per person (issue 33): the people list, one person's doors, the bulk grant and end-all. */
const address = () => `contract-${randomUUID().slice(0, 8)}@test.local`;

/** An organization whose owner owns one lock, and a person outside it with a guest access there. */
async function withDoor() {
  const c = await orgWithCast();
  const lock = await createOrgLock(c.org.id, { name: 'Contract door' });
  await grantUser(lock.id, c.owner.id, AccessLevel.owner);
  const guest = await createUser();
  await grantUser(lock.id, guest.id, AccessLevel.guest);
  return { ...c, lock, guest };
}

export const cases = defineCases([
  {
    route: '/api/v37/organization/[organizationId]/user-groups/[groupId]/devices',
    method: 'GET',
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    ok: [200],
    setup: async () => {
      const c = await withDoor();
      const group = await createGroup(c.org.id);
      await grantGroup(c.lock.id, group.id);
      const foreign = await createGroup(c.other.id);
      return {
        as: c.owner,
        url: `${ORG(c.org.id)}/user-groups/${group.id}/devices`,
        foreign: { url: `${ORG(c.other.id)}/user-groups/${foreign.id}/devices` },
        malformed: [
          { url: `${ORG(c.org.id)}/user-groups/nope/devices` },
          { url: `${ORG('abc')}/user-groups/${group.id}/devices` },
        ],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/people',
    method: 'GET',
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    ok: [200],
    setup: async () => {
      const c = await withDoor();
      return {
        as: c.owner,
        url: `${ORG(c.org.id)}/people`,
        foreign: { url: `${ORG(c.other.id)}/people` },
        malformed: [{ url: `${ORG('abc')}/people` }],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/people/doors',
    method: 'GET',
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    ok: [200],
    setup: async () => {
      const c = await withDoor();
      return {
        as: c.owner,
        url: `${ORG(c.org.id)}/people/doors?filters.text=a`,
        foreign: { url: `${ORG(c.other.id)}/people/doors` },
        malformed: [{ url: `${ORG('abc')}/people/doors` }, { url: `${ORG(c.org.id)}/people/doors?itemsPerPage=0` }],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/people/access',
    method: 'GET',
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    ok: [200],
    setup: async () => {
      const c = await withDoor();
      const url = `${ORG(c.org.id)}/people/access`;
      return {
        as: c.owner,
        url: `${url}?userId=${c.guest.id}`,
        foreign: { url: `${url}?userId=${c.outsider.id}` },
        malformed: [{ url: `${url}?userId=nope` }, { url }],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/people/access',
    method: 'POST',
    scopes: ['DeviceShare.ReadWrite'],
    ok: [201],
    setup: async () => {
      const c = await withDoor();
      const url = `${ORG(c.org.id)}/people/access`;
      const body = { userEmail: address(), deviceIds: [c.lock.id], accessLevel: 0, remoteAccessDisabled: false };
      return {
        as: c.owner,
        url,
        body,
        foreign: { url: `${ORG(c.other.id)}/people/access`, body },
        malformed: [
          { url, body: {} },
          { url, body: { ...body, deviceIds: [] } },
          { url, body: { ...body, accessLevel: 'guest' } },
          { url, body: { ...body, userEmail: undefined } },
        ],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/people/access/revokeall',
    method: 'POST',
    scopes: ['DeviceShare.ReadWrite'],
    ok: [200],
    setup: async () => {
      const c = await withDoor();
      const url = `${ORG(c.org.id)}/people/access/revokeall`;
      return {
        as: c.owner,
        url,
        body: { userId: c.guest.id },
        foreign: { url: `${ORG(c.other.id)}/people/access/revokeall`, body: { userId: c.guest.id } },
        malformed: [
          { url, body: { userId: 'nope' } },
          { url, body: {} },
        ],
      };
    },
  },
]);
