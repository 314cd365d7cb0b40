import { z } from 'zod';

const Count = z.object({ name: z.string(), count: z.number().int() });

/** A subscription to a site's scheduled report (issue 35, our extension). */
export const ReportSubscriptionSchema = z
  .object({
    id: z.string(),
    siteId: z.number().int(),
    frequency: z.enum(['weekly', 'monthly']),
    hour: z.number().int().describe("the hour of the site's zone it is mailed at (0-23)"),
    timeZone: z.string(),
    nextAt: z.string().describe('when the next report is mailed'),
  })
  .meta({ id: 'ReportSubscription' });

export const SiteReportSchema = z
  .object({
    site: z.string(),
    period: z.object({ key: z.string(), label: z.string(), start: z.string(), end: z.string() }),
    openingsPerDoor: z.array(Count),
    openingsPerPerson: z.array(Count),
    refusalsPerDoor: z.array(Count),
    attentionPerDoor: z.array(Count),
    people: z.array(z.object({ at: z.string(), what: z.string(), who: z.string(), by: z.string() })),
  })
  .meta({ id: 'SiteReport' });

export const SubscribeBody = z.object({
  frequency: z.enum(['weekly', 'monthly'], { error: 'frequency must be "weekly" or "monthly"' }),
  hour: z.number({ error: 'hour must be a whole hour, 0 to 23' }).int().min(0).max(23),
});
