import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * A building of an organization (issue 35): its devices belong to it (devices.site_id), and its
 * IANA zone is the one its doors' timetables and reports read in. Names are unique per
 * organization regardless of case, as groups' are.
 */
export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address'),
    timeZone: text('time_zone').notNull(),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sites_org_idx').on(t.organizationId),
    uniqueIndex('sites_org_name_uq').on(t.organizationId, sql`lower(${t.name})`),
  ],
);

export type Site = typeof sites.$inferSelect;
