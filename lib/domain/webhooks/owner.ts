import { eq } from 'drizzle-orm';
import { webhookSubscriptions } from '@/db/schema';
import type { Ctx } from '../context';
import { requireOrg } from '../policy/enforce';

/** Who a subscription belongs to: the calling user, or an organization its administrators manage. */
export type Owner = { userId: string; organizationId?: undefined } | { organizationId: number; userId?: undefined };

export const myOwner = (ctx: Ctx): Owner => ({ userId: ctx.caller.userId });

/** Organization webhooks are managed (and read) by administrators and owners: member 403, outsider 404. */
export async function orgOwner(ctx: Ctx, organizationId: number): Promise<Owner> {
  await requireOrg(ctx, organizationId, 'manageWebhooks');
  return { organizationId };
}

export const ownedBy = (o: Owner) =>
  o.userId !== undefined
    ? eq(webhookSubscriptions.userId, o.userId)
    : eq(webhookSubscriptions.organizationId, o.organizationId);
