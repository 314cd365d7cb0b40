import { createOrgLock, orgWithCast } from '../../support/factories/organization';
import { orgWithSites } from '../../support/factories/sites';
import { defineCases, ORG, ORG_READ } from '../types';

/** Sites, the organization's buildings (issue 35). The caller is an administrator of its organization. */

export const cases = defineCases([
  {
    route: '/api/v37/organization/[organizationId]/sites',
    method: 'GET',
    scopes: ORG_READ,
    ok: [200],
    setup: async () => {
      const c = await orgWithSites();
      return {
        as: c.member,
        url: `${ORG(c.org.id)}/sites?page=1&itemsPerPage=10`,
        foreign: { url: `${ORG(c.other.id)}/sites` },
        malformed: [{ url: `${ORG(c.org.id)}/sites?itemsPerPage=0` }, { url: `${ORG(c.org.id)}/sites?page=-1` }],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/sites',
    method: 'POST',
    scopes: ['Organization.ReadWrite'],
    ok: [200],
    setup: async () => {
      const c = await orgWithCast();
      const body = { name: 'Contract site', address: 'Main St 1', timeZone: 'Europe/Warsaw' };
      return {
        as: c.admin,
        url: `${ORG(c.org.id)}/sites`,
        body,
        foreign: { url: `${ORG(c.other.id)}/sites`, body },
        malformed: [
          { url: `${ORG(c.org.id)}/sites`, body: {} },
          { url: `${ORG(c.org.id)}/sites`, body: { name: '  ', timeZone: 'UTC' } },
          { url: `${ORG(c.org.id)}/sites`, body: { name: 'Zone', timeZone: 'Mars/Olympus' } },
        ],
      };
    },
  },
  ...(['GET', 'PATCH', 'DELETE'] as const).map((method) => ({
    route: '/api/v37/organization/[organizationId]/sites/[siteId]',
    method,
    scopes: method === 'GET' ? ORG_READ : ['Organization.ReadWrite' as const],
    ok: [method === 'GET' ? 200 : 204],
    setup: async () => {
      const c = await orgWithSites();
      const body = method === 'PATCH' ? { name: 'Renamed by contract', timeZone: 'UTC' } : undefined;
      return {
        as: c.admin,
        url: `${ORG(c.org.id)}/sites/${c.site.id}`,
        body,
        foreign: { url: `${ORG(c.org.id)}/sites/${c.foreignSite.id}`, body },
        malformed: [
          { url: `${ORG(c.org.id)}/sites/not-a-number`, body },
          ...(method === 'PATCH'
            ? [{ url: `${ORG(c.org.id)}/sites/${c.site.id}`, body: { timeZone: 'Nowhere' } }]
            : []),
        ],
      };
    },
  })),
  {
    route: '/api/v37/organization/[organizationId]/sites/[siteId]/devices',
    method: 'POST',
    scopes: ['Organization.ReadWrite'],
    ok: [204],
    setup: async () => {
      const c = await orgWithSites();
      const lock = await createOrgLock(c.org.id);
      const body = { deviceIds: [lock.id] };
      const url = `${ORG(c.org.id)}/sites/${c.site.id}/devices`;
      return {
        as: c.admin,
        url,
        body,
        foreign: { url: `${ORG(c.other.id)}/sites/${c.foreignSite.id}/devices`, body },
        malformed: [
          { url, body: { deviceIds: [] } },
          { url, body: { deviceIds: ['a'] } },
          { url, body: {} },
        ],
      };
    },
  },
  {
    // the owner limits the sites a person administers (our extension)
    route: '/api/v37/organization/[organizationId]/user/[organizationUserId]/sites',
    method: 'PUT',
    scopes: ['Organization.ReadWrite'],
    ok: [200],
    setup: async () => {
      const c = await orgWithSites();
      const url = `${ORG(c.org.id)}/user/${c.ouIds.admin}/sites`;
      const body = { siteIds: [c.site.id] };
      return {
        as: c.owner,
        url,
        body,
        foreign: { url: `${ORG(c.other.id)}/user/${c.ouIds.outsider}/sites`, body },
        malformed: [
          { url, body: {} },
          { url, body: { siteIds: ['a'] } },
          { url, body: { siteIds: [c.foreignSite.id] } },
          { url: `${ORG(c.org.id)}/user/abc/sites`, body },
        ],
      };
    },
  },
]);
