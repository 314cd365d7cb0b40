import { and, eq, sql } from 'drizzle-orm';
import { devices, organizationUsers, sites } from '@/db/schema';
import { anyInt } from '@/db/arrays';
import type { Ctx } from '../context';
import { Invalid } from '../errors';
import { enforceSiteChange, requireOrg } from '../policy/enforce';
import { audit } from '../audit';
import { findSite } from './sites';
import { settleGrantsOfMany } from '../access/grantors';
import { sendPinRemovals } from '../pins/removals';

/**
 * Moves devices of the organization into one of its sites. All or none: an id that is not a
 * device of this organization is named in a 400 and nothing moves; an administrator limited to
 * some sites moves only devices of those sites, into one of them (403 otherwise). Devices already
 * in the site stay as they are: a repeated move is answered the same and records nothing.
 */
export async function assignSiteDevices(
  ctx: Ctx,
  input: { organizationId: number; siteId: number; deviceIds: number[] },
): Promise<void> {
  const m = await requireOrg(ctx, input.organizationId, 'manageSites');
  const site = await findSite(ctx, input.organizationId, input.siteId);
  const ids = [...new Set(input.deviceIds)];
  const moved = await ctx.db.transaction(async (tx) => {
    // the site locked against a delete that counted its devices before these arrive
    const [held] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, site.id)).for('update');
    if (!held) throw Invalid('siteId: the site was deleted meanwhile.');
    const found = await tx
      .select({ id: devices.id, siteId: devices.siteId })
      .from(devices)
      .where(and(anyInt(devices.id, ids), eq(devices.organizationId, input.organizationId)))
      .for('update');
    const mine = new Set(found.map((d) => d.id));
    const foreign = ids.filter((id) => !mine.has(id));
    if (foreign.length)
      throw Invalid(
        `deviceIds: ${foreign.join(', ')} ${foreign.length === 1 ? 'is not a device' : 'are not devices'} of this organization.`,
      );
    // a limited administrator moves devices only between the sites they administer (read in the transaction)
    enforceSiteChange(m, 'move', [site.id, ...found.map((d) => d.siteId)]);
    // devices already in the site stay: a repeated move writes, settles and records nothing (idempotent)
    const there = new Set(found.filter((d) => d.siteId === site.id).map((d) => d.id));
    const moving = ids.filter((id) => !there.has(id));
    if (!moving.length) return [];
    await tx
      .update(devices)
      .set({ siteId: site.id })
      .where(and(anyInt(devices.id, moving), eq(devices.organizationId, input.organizationId)));
    // administrators limited to sites without this one lose these devices: what they handed out on
    // them ends with the move (their grants answer to what they hold, issue 35)
    const limited = await tx
      .select({ userId: organizationUsers.userId })
      .from(organizationUsers)
      .where(
        and(
          eq(organizationUsers.organizationId, input.organizationId),
          sql`${organizationUsers.siteIds} is not null and not (${site.id} = any(${organizationUsers.siteIds}))`,
        ),
      );
    await settleGrantsOfMany(
      tx,
      ctx,
      limited.map((u) => u.userId),
      { deviceIds: moving },
    );
    await audit(tx, ctx, {
      action: 'site.devices',
      organizationId: input.organizationId,
      target: { type: 'site', id: site.id, name: site.name },
      after: { deviceIds: moving },
    });
    return moving;
  });
  if (!moved.length) return;
  // PINs the move ended come off their locks now (queued in the transaction)
  await sendPinRemovals(ctx.db, { deviceIds: moved });
}
