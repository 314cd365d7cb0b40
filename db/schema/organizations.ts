import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** IANA zone used by the portal to show and enter link windows. */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** the owner's rule: administrators (and the owner) without a second factor may not manage (policy decideOrg) */
  requireSecondFactor: boolean('require_second_factor').notNull().default(false),
  created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
});

/** Organization role: 0 member, 1 administrator, 2 owner. `id` is the API's organizationUserId. */
export const organizationUsers = pgTable(
  'organization_users',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: integer('role').notNull().default(0),
    /** the name this organization shows for the person (Tedee's update profile); null: their own name */
    displayName: text('display_name'),
    /**
     * The sites this person's administration reaches (issue 35); null: the whole organization.
     * An empty list reaches no device. Ids of deleted sites reach nothing (never widen).
     */
    siteIds: integer('site_ids').array(),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('org_users_org_user_uq').on(t.organizationId, t.userId),
    // exactly one owner: at most one here, and the verbs never leave none (transfer demotes, then promotes)
    uniqueIndex('org_users_one_owner_uq').on(t.organizationId).where(sql`${t.role} = 2`),
    index('org_users_user_idx').on(t.userId),
  ],
);

export const userGroups = pgTable(
  'user_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_groups_org_idx').on(t.organizationId),
    uniqueIndex('user_groups_org_name_uq').on(t.organizationId, sql`lower(${t.name})`),
  ],
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    organizationUserId: integer('organization_user_id')
      .notNull()
      .references(() => organizationUsers.id, { onDelete: 'cascade' }),
    /** the membership's grantor: who added the person (or the invitation's sender); null: unknown or gone */
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.organizationUserId] }),
    index('ugm_org_user_idx').on(t.organizationUserId),
  ],
);

/**
 * An invitation to join the organization, sent by e-mail. It becomes membership only when a
 * verified account of that address follows the mail's token (lib/domain/organizations/invitations.ts). Open while neither accepted nor withdrawn; expired after
 * `expiresAt` (still listed, as expired, until renewed or withdrawn). One open invitation per address.
 * The mail's token lives in email_tokens (purpose 'org-invite', ref = this id), hashed.
 */
export type OrganizationInvitation = typeof organizationInvitations.$inferSelect;

export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** the name the inviter gave (Tedee's `name`); the account's own name wins once accepted */
    name: text('name'),
    role: integer('role').notNull().default(0),
    /** the organization's groups the person joins on accepting (those that still exist then) */
    groupIds: uuid('group_ids').array().notNull().default(sql`'{}'::uuid[]`),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { precision: 3, withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { precision: 3, withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { precision: 3, withTimezone: true }),
  },
  (t) => [
    uniqueIndex('org_inv_open_email_uq')
      .on(t.organizationId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.withdrawnAt} is null`),
  ],
);
