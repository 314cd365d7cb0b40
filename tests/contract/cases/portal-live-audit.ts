import { sharingCast } from '../../support/factories/access';
import { orgWithCast } from '../../support/factories/organization';
import { defineCases } from '../types';

/** Issue 22: the portal's live feed and the organization's audit log. */
export const cases = defineCases([
  {
    route: '/api/v37/my/events',
    method: 'GET',
    scopes: ['Device.Read', 'Device.ReadWrite'],
    ok: [200],
    setup: async () => ({ as: (await sharingCast()).guest, url: '/api/v37/my/events' }),
    noForeign: "the caller's own feed: it carries only the devices the caller may receive events of",
    noMalformed: 'takes no input',
  },
  {
    route: '/api/v37/organization/[organizationId]/audit',
    method: 'GET',
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    ok: [200],
    setup: async () => {
      const c = await orgWithCast();
      const url = `/api/v37/organization/${c.org.id}/audit`;
      return {
        as: c.admin,
        url,
        foreign: { url: `/api/v37/organization/${c.other.id}/audit` },
        malformed: [
          { url: `${url}?action=door.open` },
          { url: `${url}?elements=0` },
          { url: `${url}?dateFrom=yesterday` },
          { url: `${url}?userId=-1` },
        ],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/audit/export',
    method: 'GET',
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    ok: [200],
    setup: async () => {
      const c = await orgWithCast();
      const url = `/api/v37/organization/${c.org.id}/audit/export`;
      return {
        as: c.admin,
        url,
        foreign: { url: `/api/v37/organization/${c.other.id}/audit/export` },
        malformed: [
          { url: `${url}?action=door.open` },
          { url: `${url}?dateFrom=yesterday` },
          { url: `${url}?deviceId=0` },
        ],
      };
    },
  },
]);
