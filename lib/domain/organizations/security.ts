import { eq } from 'drizzle-orm';
import { organizations } from '@/db/schema';
import type { Ctx } from '../context';
import { audit } from '../audit';
import { Conflict } from '../errors';
import { decideSecondFactorRule } from '@/lib/shared/policy';
import { requireOrg } from '../policy/enforce';

/**
 * An organization's security rule: whether administrators (and the owner) must have a second
 * factor to manage it (the policy's decideOrg refuses them otherwise).
 */

/** GET /organization/{id}/security: any member may read the rule (so administrators know why). */
export async function getOrgSecurity(ctx: Ctx, input: { organizationId: number }) {
  const m = await requireOrg(ctx, input.organizationId, 'see');
  return { requireSecondFactor: m.requireSecondFactor };
}

/** PUT /organization/{id}/security: the owner sets the rule; turning it on needs their own second factor. */
export async function setOrgSecurity(ctx: Ctx, input: { organizationId: number; requireSecondFactor: boolean }) {
  const m = await requireOrg(ctx, input.organizationId, 'manageSecurity');
  if (!decideSecondFactorRule(input.requireSecondFactor, m.hasSecondFactor).ok) {
    throw Conflict(
      'Add a second factor to your own account first (Settings > Security): otherwise this rule would stop you from managing the organization.',
    );
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(organizations)
      .set({ requireSecondFactor: input.requireSecondFactor })
      .where(eq(organizations.id, input.organizationId));
    // turning the rule on or off is an administrative act like any other
    await audit(tx, ctx, {
      action: 'org.security',
      organizationId: input.organizationId,
      target: { type: 'organization', id: input.organizationId },
      before: { requireSecondFactor: m.requireSecondFactor },
      after: { requireSecondFactor: input.requireSecondFactor },
    });
  });
  return { requireSecondFactor: input.requireSecondFactor };
}
