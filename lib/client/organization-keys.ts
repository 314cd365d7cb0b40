import type { MyOrganization as WireOrganization } from '@/lib/domain/organizations/schemas';
import { fromWireRole } from '@/lib/shared/organizations/wire-roles';

/**
 * The organization queries' keys and the portal's reading of GET /organization, without React: the
 * portal's layout (a server component) puts the organizations it read into the browser's query
 * cache under the same key, in the same shape, as the browser's own read would.
 */

/** An organization as the portal reads it: the role in its stored numbering (2 owner), not Tedee's. */
export type MyOrganization = Omit<WireOrganization, 'organizationRole'> & { role: number };

export const orgKeys = {
  mine: ['organizations'] as const,
  users: (orgId: number, q: object) => ['organizations', orgId, 'users', q] as const,
  groups: (orgId: number) => ['organizations', orgId, 'groups'] as const,
  groupList: (orgId: number, q: object) => ['organizations', orgId, 'groups', 'list', q] as const,
  group: (orgId: number, id: string) => ['organizations', orgId, 'groups', 'one', id] as const,
};

/** An organization's lockdowns (issue 35): all of them, the active ones (every page's banner), the recent ones. */
export const lockdownKeys = {
  all: (orgId: number) => ['organizations', orgId, 'lockdowns'] as const,
  active: (orgId: number) => ['organizations', orgId, 'lockdowns', 'active'] as const,
  recent: (orgId: number) => ['organizations', orgId, 'lockdowns', 'recent'] as const,
};

/** An organization's sites (issue 35): a searched page of them, every one of them (pickers, filters). */
export const siteKeys = {
  all: (orgId: number) => ['organizations', orgId, 'sites'] as const,
  list: (orgId: number, q: object) => ['organizations', orgId, 'sites', 'list', q] as const,
  every: (orgId: number) => ['organizations', orgId, 'sites', 'every'] as const,
};

/** The most sites the API gives a page: a first page shorter than it is every site. */
export const SITES_PAGE = 100;

/** An organization's security rule (a second factor required of administrators). */
export const securityKey = (orgId: number) => ['organizations', orgId, 'security'] as const;

/** GET /organization's answer as the portal keeps it. */
export const portalOrganizations = (wire: { organizations: WireOrganization[] }): MyOrganization[] =>
  wire.organizations.map(({ organizationRole, ...o }) => ({ ...o, role: fromWireRole(organizationRole) }));
