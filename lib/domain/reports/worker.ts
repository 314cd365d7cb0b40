import { and, eq, sql } from 'drizzle-orm';
import { arrayFromDb } from '@/db/arrays';
import { rowsOf, type Db } from '@/db/client';
import { reportSends } from '@/db/schema';
import { enqueueMail } from '@/lib/mail';
import { decideSiteReport } from '@/lib/shared/policy';
import { periodicWorker } from '@/lib/workers';
import { buildReport, reportMail } from './build';
import { lastPeriod, type Frequency } from './period';
import { reportsPageUrl } from './subscriptions';

/**
 * Mails the scheduled reports (issue 35): for each subscription, the last period that ended, once
 * its hour has come in the site's zone (and within two days of it: a service down longer sends the
 * next one, not a stale one; never a period that came due before the subscription was made). The
 * claim (report_sends' primary key) and the mail are one transaction, so with several processes a
 * report is mailed exactly once, and a failed build claims nothing. The subscriber's right is asked
 * again at each sending: one who lost the role or the site gets nothing more.
 */

const GRACE_MS = 2 * 86_400_000;

interface Row {
  id: string;
  organization_id: number;
  organization_name: string;
  site_id: number;
  site_name: string;
  zone: string;
  frequency: Frequency;
  hour: number;
  created: string | Date;
  email: string;
  role: number | null;
  site_ids: number[] | string | null;
}

export async function reportPass(db: Db, now = new Date()): Promise<number> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select r.id, r.organization_id, o.name as organization_name, r.site_id, s.name as site_name, s.time_zone as zone,
        r.frequency, r.hour, r.created, u.email, ou.role, ou.site_ids
      from report_subscriptions r
      join sites s on s.id = r.site_id
      join organizations o on o.id = r.organization_id
      join users u on u.id = r.user_id
      left join organization_users ou on ou.organization_id = r.organization_id and ou.user_id = r.user_id`),
  );
  let sent = 0;
  for (const r of rows) {
    const p = lastPeriod(r.frequency, r.hour, r.zone, now);
    if (now < p.due || now.getTime() - p.due.getTime() > GRACE_MS || p.due < new Date(r.created)) continue;
    if (
      !decideSiteReport(
        r.role === null ? null : Number(r.role),
        r.site_ids === null ? null : arrayFromDb(r.site_ids).map(Number),
        r.site_id,
      ).ok
    )
      continue;
    const [already] = await db
      .select({ period: reportSends.period })
      .from(reportSends)
      .where(and(eq(reportSends.subscriptionId, r.id), eq(reportSends.period, p.key)));
    if (already) continue;
    const report = await buildReport(
      db,
      { organizationId: r.organization_id, siteId: r.site_id, siteName: r.site_name },
      p,
    );
    const mail = reportMail(report, r.zone, {
      organizationName: r.organization_name,
      frequency: r.frequency,
      manageUrl: reportsPageUrl(),
    });
    const done = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(reportSends)
        .values({ subscriptionId: r.id, period: p.key, sentAt: now })
        .onConflictDoNothing()
        .returning({ period: reportSends.period });
      if (!claimed) return false;
      const mailId = await enqueueMail(
        tx,
        { to: r.email, kind: 'report', organizationName: r.organization_name, ...mail },
        now,
      );
      await tx.execute(
        sql`update report_sends set mail_id = ${mailId}::uuid where subscription_id = ${r.id}::uuid and period = ${p.key}`,
      );
      return true;
    });
    if (done) sent++;
  }
  return sent;
}

/** Background worker (lib/workers/registry.ts): every minute. */
export const worker = periodicWorker(
  'reports',
  () => 60_000,
  (db) => reportPass(db),
  { atStart: true },
);
