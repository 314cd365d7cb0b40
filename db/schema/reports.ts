import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { sites } from './sites';
import { users } from './users';

/**
 * A person's subscription to a site's report (issue 35): weekly (the week Monday to Monday) or
 * monthly (the calendar month), mailed at `hour` in the site's zone once the period is over. One per
 * person, site and frequency.
 */
export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    frequency: text('frequency').notNull(),
    hour: integer('hour').notNull(),
    created: timestamp('created', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_subscriptions_uq').on(t.siteId, t.userId, t.frequency),
    index('report_subscriptions_org_idx').on(t.organizationId),
  ],
);

/**
 * Each report sent, once: the worker of any process claims a period of a subscription by inserting
 * its row (the primary key) in the transaction that queues the mail, so with several processes a
 * report is mailed exactly once.
 */
export const reportSends = pgTable(
  'report_sends',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => reportSubscriptions.id, { onDelete: 'cascade' }),
    /** '2026-11-23' (the week's Monday) or '2026-11' */
    period: text('period').notNull(),
    mailId: uuid('mail_id'),
    sentAt: timestamp('sent_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.period] })],
);

export type ReportSubscription = typeof reportSubscriptions.$inferSelect;
