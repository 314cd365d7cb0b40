import { randomUUID } from 'node:crypto';
import { issueEmailToken } from '@/lib/auth/email-tokens';
import { createUser, db } from '../../support/factories/core';
import { openInvitation, orgWithCast } from '../../support/factories/organization';
import { defineCases, ORG } from '../types';

/** The organization's people (issue 17): the caller is the owner unless a case says otherwise. */
const RW: ['Organization.ReadWrite'] = ['Organization.ReadWrite'];
const address = () => `contract-${randomUUID().slice(0, 8)}@test.local`;

export const cases = defineCases([
  {
    route: '/api/v37/organization/[organizationId]/user',
    method: 'POST',
    scopes: RW,
    ok: [201],
    setup: async () => {
      const c = await orgWithCast();
      const url = `${ORG(c.org.id)}/user`;
      return {
        as: c.owner,
        url,
        body: { email: address(), name: 'Contract Person', role: 2 },
        foreign: { url: `${ORG(c.other.id)}/user`, body: { email: address() } },
        malformed: [
          { url, body: {} },
          { url, body: { email: 'not an address' } },
          { url, body: { email: address(), role: 'admin' } },
          { url, body: { email: address(), groupIds: ['nope'] } },
        ],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/user/[organizationUserId]',
    method: 'GET',
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    ok: [200],
    setup: async () => {
      const c = await orgWithCast();
      return {
        as: c.member,
        url: `${ORG(c.org.id)}/user/${c.ouIds.admin}`,
        foreign: { url: `${ORG(c.org.id)}/user/${c.ouIds.outsider}` },
        malformed: [{ url: `${ORG(c.org.id)}/user/abc` }],
      };
    },
  },
  ...(['PUT', 'DELETE'] as const).map((method) => ({
    route: '/api/v37/organization/[organizationId]/user/byorganizationuserid/[organizationUserId]',
    method,
    scopes: RW,
    ok: [201], // Tedee's organizationusers/update.rst and delete.rst
    setup: async () => {
      const c = await orgWithCast();
      const body = method === 'PUT' ? { displayName: 'Renamed by contract' } : undefined;
      const url = `${ORG(c.org.id)}/user/byorganizationuserid/${c.ouIds.member}`;
      return {
        as: c.owner,
        url,
        body,
        foreign: { url: `${ORG(c.org.id)}/user/byorganizationuserid/${c.ouIds.outsider}`, body },
        malformed:
          method === 'PUT'
            ? [
                { url, body: {} },
                { url, body: { displayName: 'Olivia\u202eOwner' } },
                { url: `${ORG(c.org.id)}/user/byorganizationuserid/x`, body },
              ]
            : [{ url: `${ORG(c.org.id)}/user/byorganizationuserid/x` }],
      };
    },
  })),
  ...(
    [
      ['assignadmin', 'PUT', 'member'],
      ['removeadmin', 'PUT', 'admin'],
      ['transferownership', 'POST', 'admin'],
    ] as const
  ).map(([path, method, target]) => ({
    route: `/api/v37/organization/[organizationId]/${path}`,
    method,
    scopes: RW,
    ok: [path === 'removeadmin' ? 200 : 204], // Tedee's remove-admin.rst: 200 without a body
    setup: async () => {
      const c = await orgWithCast();
      const url = `${ORG(c.org.id)}/${path}`;
      return {
        as: c.owner,
        url,
        body: { organizationUserId: c.ouIds[target] },
        foreign: { url, body: { organizationUserId: c.ouIds.outsider } },
        malformed: [
          { url, body: {} },
          { url, body: { organizationUserId: 'x' } },
        ],
      };
    },
  })),
  {
    route: '/api/v37/organization/[organizationId]/invitation/[invitationId]',
    method: 'DELETE',
    scopes: RW,
    ok: [204],
    setup: async () => {
      const c = await orgWithCast();
      return {
        as: c.owner,
        url: `${ORG(c.org.id)}/invitation/${(await openInvitation(c.org.id)).id}`,
        foreign: { url: `${ORG(c.org.id)}/invitation/${(await openInvitation(c.other.id)).id}` },
        malformed: [{ url: `${ORG(c.org.id)}/invitation/not-a-uuid` }],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/invitation/[invitationId]/resend',
    method: 'POST',
    scopes: RW,
    ok: [200],
    setup: async () => {
      const c = await orgWithCast();
      return {
        as: c.owner,
        url: `${ORG(c.org.id)}/invitation/${(await openInvitation(c.org.id)).id}/resend`,
        foreign: { url: `${ORG(c.org.id)}/invitation/${(await openInvitation(c.other.id)).id}/resend` },
        malformed: [{ url: `${ORG(c.org.id)}/invitation/not-a-uuid/resend` }],
      };
    },
  },
  {
    route: '/api/v37/my/organization-invitation',
    method: 'POST',
    scopes: RW,
    ok: [200],
    noForeign:
      "the token is the resource: another address's token is refused with 403 naming the address (organization-invitations.test.ts)",
    setup: async () => {
      const c = await orgWithCast();
      const invited = await createUser();
      const inv = await openInvitation(c.org.id, invited.email);
      const { token } = await issueEmailToken(await db(), {
        purpose: 'org-invite',
        email: inv.email,
        ref: inv.id,
        now: new Date(),
      });
      const url = '/api/v37/my/organization-invitation';
      return {
        as: invited,
        url,
        body: { token },
        malformed: [
          { url, body: {} },
          { url, body: { token: 5 } },
        ],
      };
    },
  },
]);
