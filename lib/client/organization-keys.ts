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

/** GET /organization's answer as the portal keeps it. */
export const portalOrganizations = (wire: { organizations: WireOrganization[] }): MyOrganization[] =>
  wire.organizations.map(({ organizationRole, ...o }) => ({ ...o, role: fromWireRole(organizationRole) }));
