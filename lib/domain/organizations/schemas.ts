import { z } from 'zod';
import { instant, int } from '../schema-parts';

/** Organizations, their people, invitations and groups as the API shows them (the OpenAPI document is made from these). */

const wireRole = () => int().describe("Tedee's OrganizationRoleType: 0 owner, 1 administrator, 2 member");

/** Tedee's organization (datastructures/organization.rst), with ours after it (timeZone, organizationUserId, roleName). */
export const MyOrganization = z.object({
  id: int(),
  name: z.string(),
  ownerName: z.string(),
  description: z.string().nullable(),
  logo: z.string().nullable(),
  color: z.string().describe('hex, #rrggbb'),
  initials: z.string(),
  slug: z.string(),
  bridgesCount: int(),
  locksCount: int(),
  organizationRole: wireRole(),
  timeZone: z.string(),
  organizationUserId: int(),
  roleName: z.string(),
  siteIds: z
    .array(int())
    .nullable()
    .describe('the sites your administration here is limited to (issue 35); null: every site. Our extension'),
});
export type MyOrganization = z.infer<typeof MyOrganization>;
export const MyOrganizations = z.object({ organizations: z.array(MyOrganization) });

export const PersonRowSchema = z
  .object({
    organizationUserId: int().nullable(),
    userId: z.string().nullable(),
    email: z.string(),
    displayName: z.string(),
    role: wireRole(),
    roleName: z.string(),
    status: z.enum(['active', 'invited', 'expired']),
    invitationId: z.string().nullable(),
    invitationExpiresAt: instant.nullable(),
    lastSignInAt: instant.nullable().describe('for administrators only'),
    groups: z
      .array(z.object({ id: z.string(), name: z.string() }))
      .nullable()
      .describe('for administrators only'),
    deviceCount: int().nullable().describe('for administrators only'),
  })
  .meta({ id: 'OrganizationPerson' });
/** A person of the organization, or (organizationUserId null) an open invitation. */
export type PersonRow = z.infer<typeof PersonRowSchema>;

const GrantsMade = z.array(
  z.object({
    kind: z.enum(['access', 'pin', 'link', 'membership']),
    name: z.string(),
    deviceId: int().nullable(),
  }),
);

export const PersonProfile = PersonRowSchema.extend({
  joinedAt: instant.nullable(),
  siteIds: z
    .array(int())
    .nullable()
    .describe(
      "the sites the person's administration is limited to (PUT .../user/{organizationUserId}/sites); null: every site. Our extension",
    ),
  removal: z
    .object({
      deviceAccesses: int(),
      groups: int(),
      devices: int(),
      invitations: int().describe(
        "device invitations to the person's address waiting on the organization's devices, withdrawn with them",
      ),
      invitationsSent: int().describe('invitations the person sent, still waiting: they end with the removal'),
      grantsMade: GrantsMade.describe(
        'what the person handed out here: ends with them unless keepGrants=true (then the remover answers for it)',
      ),
    })
    .nullable()
    .describe('what removing the person ends (administrators and the person themselves), else null'),
  demotion: z
    .object({
      grantsMade: GrantsMade.describe(
        'what the administrator handed out that needs an administrator (links, memberships) or goes beyond them: ends with PUT .../removeadmin unless keepGrants=true',
      ),
    })
    .nullable()
    .describe("what making this administrator a member ends (for the owner, on an administrator's page), else null"),
});
export type PersonProfile = z.infer<typeof PersonProfile>;

export const InvitationViewSchema = z
  .object({
    invitationId: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    role: wireRole(),
    roleName: z.string(),
    groupIds: z.array(z.string()),
    organizationUserId: z
      .null()
      .describe('null: a person joins (and gets an organizationUserId) only by accepting with a verified account'),
    status: z.enum(['invited', 'expired']),
    expiresAt: instant,
  })
  .meta({ id: 'OrganizationInvitation' });
export type InvitationView = z.infer<typeof InvitationViewSchema>;

export const Removed = z.object({
  organizationUserId: int(),
  deviceAccesses: int(),
  groups: int(),
  devices: int(),
  certificatesRevoked: int(),
});

export const JoinedOrganization = z.object({
  organizationId: int(),
  organizationName: z.string(),
  organizationUserId: int(),
  role: wireRole(),
  roleName: z.string(),
});

export const OrgSecurity = z.object({ requireSecondFactor: z.boolean() });

export const GroupListItem = z.object({ id: z.string(), name: z.string() }).meta({
  id: 'UserGroup',
  // from the demo data (npm run db:seed)
  examples: [{ id: '0f6c3a52-8d1e-4b7a-9c2d-5e8f1a3b4c6d', name: 'Cleaning staff' }],
});
export const GroupMember = z
  .object({ displayName: z.string(), email: z.string(), organizationUserId: int() })
  .meta({ id: 'GroupMember' });
export type GroupListItem = z.infer<typeof GroupListItem>;
export const GroupDetail = z.object({
  id: z.string(),
  name: z.string(),
  members: z.array(GroupMember).nullable().describe('null unless includeMembers=true'),
});
export type GroupDetail = z.infer<typeof GroupDetail>;
export const GroupMembersPage = z.object({ items: z.array(GroupMember), totalCount: int() });
/** A refused user's error says why: code (NotOrganizationUser, OwnMembership, ...) and a message for people. */
export const MemberResult = z
  .object({
    organizationUserId: int(),
    success: z.boolean(),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
  })
  .meta({ id: 'GroupMemberResult' });
export type MemberResult = z.infer<typeof MemberResult>;
export const MemberResults = z.object({ organizationUsers: z.array(MemberResult) });

export const AuditItemSchema = z
  .object({
    id: int(),
    date: instant,
    action: z.string(),
    actionName: z.string(),
    actor: z.object({ userId: int(), name: z.string(), via: z.enum(['portal', 'key', 'app']) }),
    clientAddress: z.string().nullable(),
    deviceId: int().nullable(),
    device: z
      .object({ name: z.string(), timeZone: z.string() })
      .nullable()
      .meta({ description: "the entry's device as it is now (null: none, or removed since)" }),
    timeZone: z
      .string()
      .meta({ description: "the zone the entry's times read in: its device's, else the organization's" }),
    names: z.object({ devices: z.record(z.string(), z.string()), groups: z.record(z.string(), z.string()) }).meta({
      description: 'names of the devices and groups the entry mentions by id (a link’s doors, an invitation’s groups)',
    }),
    target: z.object({ type: z.string(), id: z.string(), name: z.string() }),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'AuditItem' });
