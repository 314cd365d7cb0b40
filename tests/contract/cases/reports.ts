import { reportSubscriptions } from '@/db/schema';
import { db } from '../../support/factories/core';
import { orgWithSites } from '../../support/factories/sites';
import { defineCases, ORG, ORG_READ } from '../types';

/** A site's scheduled reports (issue 35, our extension). The caller administers the organization. */

export const cases = defineCases([
  {
    route: '/api/v37/organization/[organizationId]/sites/[siteId]/reports',
    method: 'GET',
    scopes: ORG_READ,
    ok: [200],
    setup: async () => {
      const c = await orgWithSites();
      return {
        as: c.admin,
        url: `${ORG(c.org.id)}/sites/${c.site.id}/reports`,
        foreign: { url: `${ORG(c.org.id)}/sites/${c.foreignSite.id}/reports` },
        malformed: [{ url: `${ORG(c.org.id)}/sites/abc/reports` }],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/sites/[siteId]/reports',
    method: 'POST',
    scopes: ['Organization.ReadWrite'],
    ok: [201],
    setup: async () => {
      const c = await orgWithSites();
      const url = `${ORG(c.org.id)}/sites/${c.site.id}/reports`;
      const body = { frequency: 'monthly', hour: 7 };
      return {
        as: c.admin,
        url,
        body,
        foreign: { url: `${ORG(c.org.id)}/sites/${c.foreignSite.id}/reports`, body },
        malformed: [
          { url, body: {} },
          { url, body: { frequency: 'daily', hour: 7 } },
          { url, body: { frequency: 'weekly', hour: -1 } },
        ],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/sites/[siteId]/reports/last',
    method: 'GET',
    scopes: ORG_READ,
    ok: [200],
    setup: async () => {
      const c = await orgWithSites();
      return {
        as: c.admin,
        url: `${ORG(c.org.id)}/sites/${c.site.id}/reports/last?frequency=weekly`,
        foreign: { url: `${ORG(c.org.id)}/sites/${c.foreignSite.id}/reports/last?frequency=weekly` },
        malformed: [
          { url: `${ORG(c.org.id)}/sites/${c.site.id}/reports/last` },
          { url: `${ORG(c.org.id)}/sites/${c.site.id}/reports/last?frequency=yearly` },
        ],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/sites/[siteId]/reports/[subscriptionId]',
    method: 'DELETE',
    scopes: ['Organization.ReadWrite'],
    ok: [204],
    setup: async () => {
      const c = await orgWithSites();
      const d = await db();
      const [mine] = await d
        .insert(reportSubscriptions)
        .values({ organizationId: c.org.id, siteId: c.site.id, userId: c.admin.id, frequency: 'weekly', hour: 8 })
        .returning();
      // another person's, of the same site: not the caller's to end
      const [theirs] = await d
        .insert(reportSubscriptions)
        .values({ organizationId: c.org.id, siteId: c.site.id, userId: c.owner.id, frequency: 'weekly', hour: 8 })
        .returning();
      return {
        as: c.admin,
        url: `${ORG(c.org.id)}/sites/${c.site.id}/reports/${mine.id}`,
        foreign: { url: `${ORG(c.org.id)}/sites/${c.site.id}/reports/${theirs.id}` },
        malformed: [{ url: `${ORG(c.org.id)}/sites/abc/reports/${mine.id}` }],
      };
    },
  },
]);
