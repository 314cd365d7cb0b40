/**
 * Organization roles on the wire are Tedee's `OrganizationRoleType` (howtos/manage-organization-users.rst,
 * datastructures/organization.rst): 0 Owner, 1 Administrator, 2 Member. Stored, and in the policy
 * (lib/shared/policy OrgRole), they stay 0 member, 1 administrator, 2 owner, so "a higher number
 * may do more" keeps holding for every rule and nothing stored moves. The map is the same both
 * ways: the API's shapes and inputs go through it (lib/domain/organizations, the routes), and the
 * portal's client turns answers back (lib/client/organization.ts). No imports: the browser shares it.
 */
export const toWireRole = (stored: number): number => 2 - stored;
export const fromWireRole = (wire: number): number => 2 - wire;
