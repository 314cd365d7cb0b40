import { createGroup } from '../../support/factories/core';
import { orgWithCast } from '../../support/factories/organization';
import { defineCases, ORG, ORG_READ } from '../types';

/** Organizations and user groups (issue 7). The caller is an administrator of its organization. */

async function setupGroups() {
  const c = await orgWithCast();
  const group = await createGroup(c.org.id, undefined, [c.ouIds.admin]);
  const foreignGroup = await createGroup(c.other.id);
  return { ...c, group, foreignGroup };
}

export const cases = defineCases([
  {
    route: '/api/v37/organization',
    method: 'GET',
    scopes: ORG_READ,
    ok: [200],
    noForeign: "lists only the caller's own organizations",
    noMalformed: 'takes no input',
    setup: async () => ({ as: (await orgWithCast()).admin, url: '/api/v37/organization' }),
  },
  {
    route: '/api/v37/organization/[organizationId]/user',
    method: 'GET',
    scopes: ORG_READ,
    ok: [200],
    setup: async () => {
      const c = await orgWithCast();
      return {
        as: c.member,
        url: `${ORG(c.org.id)}/user?filters.text=user`,
        foreign: { url: `${ORG(c.other.id)}/user` },
        malformed: [
          { url: `${ORG('abc')}/user` },
          { url: `${ORG(c.org.id)}/user?itemsPerPage=101` },
          { url: `${ORG(c.org.id)}/user?page=0` },
        ],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/user-groups',
    method: 'GET',
    scopes: ORG_READ,
    ok: [200],
    setup: async () => {
      const c = await setupGroups();
      return {
        as: c.member,
        url: `${ORG(c.org.id)}/user-groups?page=1&itemsPerPage=10`,
        foreign: { url: `${ORG(c.other.id)}/user-groups` },
        malformed: [
          { url: `${ORG(c.org.id)}/user-groups?itemsPerPage=0` },
          { url: `${ORG(c.org.id)}/user-groups?page=-1` },
        ],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/user-groups',
    method: 'POST',
    scopes: ['Organization.ReadWrite'],
    ok: [200],
    setup: async () => {
      const c = await orgWithCast();
      return {
        as: c.admin,
        url: `${ORG(c.org.id)}/user-groups`,
        body: { name: 'Contract group' },
        foreign: { url: `${ORG(c.other.id)}/user-groups`, body: { name: 'Contract group' } },
        malformed: [
          { url: `${ORG(c.org.id)}/user-groups`, body: {} },
          { url: `${ORG(c.org.id)}/user-groups`, body: { name: '  ' } },
          { url: `${ORG(c.org.id)}/user-groups`, body: { name: 5 } },
        ],
      };
    },
  },
  ...(['GET', 'PUT', 'PATCH', 'DELETE'] as const).map((method) => ({
    route: '/api/v37/organization/[organizationId]/user-groups/[groupId]',
    method,
    scopes: method === 'GET' ? ORG_READ : ['Organization.ReadWrite' as const],
    ok: [method === 'DELETE' || method === 'PATCH' ? 204 : 200],
    setup: async () => {
      const c = await setupGroups();
      const body = method === 'PUT' || method === 'PATCH' ? { name: 'Renamed by contract' } : undefined;
      return {
        as: c.admin,
        url: `${ORG(c.org.id)}/user-groups/${c.group.id}${method === 'GET' ? '?includeMembers=true' : ''}`,
        body,
        foreign: { url: `${ORG(c.org.id)}/user-groups/${c.foreignGroup.id}`, body },
        malformed: [
          { url: `${ORG(c.org.id)}/user-groups/not-a-uuid`, body },
          ...(method === 'GET' ? [{ url: `${ORG(c.org.id)}/user-groups/${c.group.id}?includeMembers=maybe` }] : []),
          ...(method === 'PUT' || method === 'PATCH'
            ? [{ url: `${ORG(c.org.id)}/user-groups/${c.group.id}`, body: { name: '' } }]
            : []),
        ],
      };
    },
  })),
  {
    route: '/api/v37/organization/[organizationId]/user-groups/[groupId]/members',
    method: 'GET',
    scopes: ORG_READ,
    ok: [200],
    setup: async () => {
      const c = await setupGroups();
      const url = `${ORG(c.org.id)}/user-groups/${c.group.id}/members`;
      return {
        as: c.member,
        url: `${url}?page=1&itemsPerPage=10&filters.text=user`,
        foreign: { url: `${ORG(c.other.id)}/user-groups/${c.foreignGroup.id}/members` },
        malformed: [
          { url: `${url}?itemsPerPage=101` },
          { url: `${url}?page=0` },
          { url: `${ORG(c.org.id)}/user-groups/nope/members` },
        ],
      };
    },
  },
  ...(['POST', 'DELETE'] as const).map((method) => ({
    route: '/api/v37/organization/[organizationId]/user-groups/[groupId]/members',
    method,
    scopes: ['Organization.ReadWrite' as const],
    ok: [207],
    setup: async () => {
      const c = await setupGroups();
      const body = { organizationUserIds: [c.ouIds.member, c.ouIds.admin] };
      const url = `${ORG(c.org.id)}/user-groups/${c.group.id}/members`;
      return {
        as: c.admin,
        url,
        body,
        foreign: { url: `${ORG(c.other.id)}/user-groups/${c.foreignGroup.id}/members`, body },
        malformed: [
          { url, body: { organizationUserIds: [] } },
          { url, body: { organizationUserIds: ['a'] } },
          { url, body: { organizationUserIds: Array.from({ length: 501 }, (_, i) => i + 1) } },
          { url, body: {} },
        ],
      };
    },
  })),
]);
