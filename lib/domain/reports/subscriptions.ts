import { and, eq } from 'drizzle-orm';
import { reportSubscriptions, sites } from '@/db/schema';
import { mailLink } from '@/lib/mail';
import { decideSiteReport } from '@/lib/shared/policy';
import type { Ctx } from '../context';
import { Forbidden, Invalid, NotFound } from '../errors';
import { fmtZ } from '../format';
import { orgMembership } from '../organizations/roles';
import { SECOND_FACTOR_WORDS } from '../policy/enforce';
import { buildReport, type SiteReport } from './build';
import { lastPeriod, nextDue, type Frequency } from './period';

/**
 * Subscriptions to a site's scheduled reports (issue 35, docs/lockdown.md "Reports"): each person
 * their own; the site's owner and administrators only (lib/shared/policy: decideSiteReport).
 */

export interface ReportSubscriptionView {
  id: string;
  siteId: number;
  frequency: Frequency;
  hour: number;
  timeZone: string;
  /** when the next report is mailed */
  nextAt: string;
}

const WORDS = {
  level: "Only the organization's owner and the administrators of a site read its reports.",
  site: 'Your administration in this organization is limited to some of its sites, and this is not one of them.',
} as const;

/** The site (404 for another organization's) and the caller's right to its reports. */
async function requireReports(ctx: Ctx, organizationId: number, siteId: number) {
  const m = await orgMembership(ctx, organizationId);
  if (!m) throw NotFound('Organization');
  const [site] = await ctx.db
    .select({ id: sites.id, name: sites.name, timeZone: sites.timeZone })
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.organizationId, organizationId)));
  if (!site) throw NotFound('Site');
  const d = decideSiteReport(m.role, m.siteIds, siteId);
  if (!d.ok) throw Forbidden(WORDS[d.reason === 'unseen' ? 'level' : d.reason]);
  if (m.requireSecondFactor && !m.hasSecondFactor) throw Forbidden(SECOND_FACTOR_WORDS);
  return site;
}

const view = (
  s: { id: string; siteId: number; frequency: string; hour: number },
  zone: string,
  now: Date,
): ReportSubscriptionView => ({
  id: s.id,
  siteId: s.siteId,
  frequency: s.frequency as Frequency,
  hour: s.hour,
  timeZone: zone,
  nextAt: fmtZ(nextDue(s.frequency as Frequency, s.hour, zone, now))!,
});

/** GET /organization/{id}/sites/{siteId}/reports: the caller's subscriptions to the site's reports. */
export async function listReportSubscriptions(ctx: Ctx, input: { organizationId: number; siteId: number }) {
  const site = await requireReports(ctx, input.organizationId, input.siteId);
  const rows = await ctx.db
    .select()
    .from(reportSubscriptions)
    .where(and(eq(reportSubscriptions.siteId, site.id), eq(reportSubscriptions.userId, ctx.caller.userId)))
    .orderBy(reportSubscriptions.frequency);
  return rows.map((r) => view(r, site.timeZone, ctx.now()));
}

/**
 * POST /organization/{id}/sites/{siteId}/reports: subscribes the caller (weekly or monthly, at an
 * hour of the site's zone). One per frequency: subscribing again sets its hour (200), a new one 201.
 */
export async function subscribeReport(
  ctx: Ctx,
  input: { organizationId: number; siteId: number; frequency: Frequency; hour: number },
): Promise<{ created: boolean; subscription: ReportSubscriptionView }> {
  const site = await requireReports(ctx, input.organizationId, input.siteId);
  if (!Number.isInteger(input.hour) || input.hour < 0 || input.hour > 23) throw Invalid('hour: a whole hour, 0 to 23.');
  const [made] = await ctx.db
    .insert(reportSubscriptions)
    .values({
      organizationId: input.organizationId,
      siteId: site.id,
      userId: ctx.caller.userId,
      frequency: input.frequency,
      hour: input.hour,
      created: ctx.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (made) return { created: true, subscription: view(made, site.timeZone, ctx.now()) };
  const [kept] = await ctx.db
    .update(reportSubscriptions)
    .set({ hour: input.hour })
    .where(
      and(
        eq(reportSubscriptions.siteId, site.id),
        eq(reportSubscriptions.userId, ctx.caller.userId),
        eq(reportSubscriptions.frequency, input.frequency),
      ),
    )
    .returning();
  return { created: false, subscription: view(kept, site.timeZone, ctx.now()) };
}

/** DELETE /organization/{id}/sites/{siteId}/reports/{subscriptionId}: the caller's own; 204. */
export async function unsubscribeReport(
  ctx: Ctx,
  input: { organizationId: number; siteId: number; subscriptionId: string },
): Promise<void> {
  // leaving is never refused for a lost role: whoever subscribed may always stop the mail
  const m = await orgMembership(ctx, input.organizationId);
  if (!m) throw NotFound('Organization');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(input.subscriptionId);
  const gone = uuid
    ? await ctx.db
        .delete(reportSubscriptions)
        .where(
          and(
            eq(reportSubscriptions.id, input.subscriptionId),
            eq(reportSubscriptions.siteId, input.siteId),
            eq(reportSubscriptions.organizationId, input.organizationId),
            eq(reportSubscriptions.userId, ctx.caller.userId),
          ),
        )
        .returning({ id: reportSubscriptions.id })
    : [];
  if (!gone.length) throw NotFound('Report subscription');
}

/** GET /organization/{id}/sites/{siteId}/reports/last?frequency=: the report of the last period that ended. */
export async function lastReport(
  ctx: Ctx,
  input: { organizationId: number; siteId: number; frequency: Frequency },
): Promise<SiteReport> {
  const site = await requireReports(ctx, input.organizationId, input.siteId);
  const period = lastPeriod(input.frequency, 0, site.timeZone, ctx.now());
  return buildReport(ctx.db, { organizationId: input.organizationId, siteId: site.id, siteName: site.name }, period);
}

export const reportsPageUrl = () => mailLink('/organization/sites');
