import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: integer('role').notNull().default(0),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('org_users_org_user_uq').on(t.organizationId, t.userId),
    index('org_users_user_idx').on(t.userId),
  ],
);

export const userGroups = pgTable(
  'user_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
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
    groupId: uuid('group_id').notNull().references(() => userGroups.id, { onDelete: 'cascade' }),
    organizationUserId: integer('organization_user_id').notNull().references(() => organizationUsers.id, { onDelete: 'cascade' }),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.organizationUserId] }),
    index('ugm_org_user_idx').on(t.organizationUserId),
  ],
);
