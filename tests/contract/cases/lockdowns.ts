import { lockdowns } from '@/db/schema';
import { db } from '../../support/factories/core';
import { orgWithCast } from '../../support/factories/organization';
import { createSite } from '../../support/factories/sites';
import { defineCases, ORG, ORG_READ } from '../types';

/** Lockdowns of a site (issue 35, our extension). The caller administers the organization. */

/** An organization with a site and an active lockdown of it, and the same in another organization. */
async function setupLockdowns() {
  const c = await orgWithCast();
  const site = await createSite(c.org.id);
  const foreignSite = await createSite(c.other.id);
  const d = await db();
  const [lockdown] = await d
    .insert(lockdowns)
    .values({ organizationId: c.org.id, siteId: site.id, reason: 'Contract drill' })
    .returning();
  const [foreign] = await d
    .insert(lockdowns)
    .values({ organizationId: c.other.id, siteId: foreignSite.id, reason: 'Elsewhere' })
    .returning();
  return { ...c, site, foreignSite, lockdown, foreign };
}

export const cases = defineCases([
  {
    route: '/api/v37/organization/[organizationId]/lockdowns',
    method: 'GET',
    scopes: ORG_READ,
    ok: [200],
    setup: async () => {
      const c = await setupLockdowns();
      return {
        as: c.member,
        url: `${ORG(c.org.id)}/lockdowns?active=true`,
        foreign: { url: `${ORG(c.other.id)}/lockdowns` },
        malformed: [{ url: `${ORG(c.org.id)}/lockdowns?active=maybe` }, { url: `${ORG('abc')}/lockdowns` }],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/lockdowns',
    method: 'POST',
    scopes: ['Organization.ReadWrite'],
    ok: [201],
    setup: async () => {
      const c = await orgWithCast();
      const site = await createSite(c.org.id);
      const body = { siteId: site.id, reason: 'Contract drill' };
      const url = `${ORG(c.org.id)}/lockdowns`;
      return {
        as: c.admin,
        url,
        body,
        foreign: { url: `${ORG(c.other.id)}/lockdowns`, body },
        malformed: [
          { url, body: {} },
          { url, body: { siteId: site.id, reason: '  ' } },
          { url, body: { siteId: 'a', reason: 'x' } },
          { url, body: { siteId: site.id, reason: 'x', exemptUserIds: ['not-a-user'] } },
          { url, body: { siteId: site.id, reason: 'x', exemptUserIds: [c.member.id] } },
        ],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/lockdowns/[lockdownId]',
    method: 'GET',
    scopes: ORG_READ,
    ok: [200],
    setup: async () => {
      const c = await setupLockdowns();
      return {
        as: c.member,
        url: `${ORG(c.org.id)}/lockdowns/${c.lockdown.id}`,
        foreign: { url: `${ORG(c.org.id)}/lockdowns/${c.foreign.id}` },
        malformed: [{ url: `${ORG('abc')}/lockdowns/${c.lockdown.id}` }],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/lockdowns/[lockdownId]/lift',
    method: 'POST',
    scopes: ['Organization.ReadWrite'],
    ok: [200],
    setup: async () => {
      const c = await setupLockdowns();
      return {
        as: c.admin,
        url: `${ORG(c.org.id)}/lockdowns/${c.lockdown.id}/lift`,
        foreign: { url: `${ORG(c.org.id)}/lockdowns/${c.foreign.id}/lift` },
        malformed: [{ url: `${ORG('abc')}/lockdowns/${c.lockdown.id}/lift` }],
      };
    },
  },
]);
