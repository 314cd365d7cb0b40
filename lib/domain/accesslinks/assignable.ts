import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { devices } from '@/db/schema';
import { visibleMay } from '../access/effective';
import type { Ctx } from '../context';
import { Invalid } from '../errors';
import { requireOrg } from '../policy/enforce';
import { containsText, pageWindow, type Paging } from '../organizations/text';
import { LINKABLE_TYPES } from './shape';
import { anyInt } from '@/db/arrays';

const linkable = (organizationId: number) =>
  and(eq(devices.organizationId, organizationId), inArray(devices.type, LINKABLE_TYPES));

/**
 * Endpoint 11: locks and gates of the organization that the caller may put on a link now
 * (lib/shared/policy: `linkDevice`, they manage it and may open it remotely).
 */
export async function listAssignable(
  ctx: Ctx,
  input: { organizationId: number; deviceName?: string; deviceId?: number } & Partial<Paging>,
) {
  await requireOrg(ctx, input.organizationId, 'manageLinks', { hideBelow: true });
  const { page, itemsPerPage, offset } = pageWindow(input);
  const name = input.deviceName?.trim();
  const now = ctx.now();
  // the organization's doors the caller's own access plainly lets them link (in SQL), and the
  // others judged by the policy: 10,000 small rows at most, never 10,000 decoded accesses
  const mine = (
    await visibleMay(
      ctx.db,
      ctx.caller.userId,
      now,
      'linkDevice',
      sql`d.organization_id = ${input.organizationId} and ${anyInt(sql`d.type`, LINKABLE_TYPES)}`,
    )
  )
    .filter((r) => r.may)
    .map((r) => r.id);
  const rows = await ctx.db
    .select({
      deviceId: devices.id,
      name: devices.name,
      type: devices.type,
      timeZone: devices.timeZone,
      sv: devices.softwareVersions,
      siteId: devices.siteId,
    })
    .from(devices)
    .where(
      and(
        linkable(input.organizationId),
        anyInt(devices.id, mine),
        name ? containsText(devices.name, name) : undefined,
        input.deviceId !== undefined ? eq(devices.id, input.deviceId) : undefined,
      ),
    )
    .orderBy(asc(devices.name), asc(devices.id))
    .limit(itemsPerPage)
    .offset(offset);
  // the assignable listing leaves out updateAvailable (api-v37.md)
  const accessLinkDevices = rows.map(({ sv, siteId, ...d }) => ({
    ...d,
    softwareVersions: sv.map((v) => ({ softwareType: v.softwareType, version: v.version })),
    // after Tedee's fields, as on every device read (issue 35)
    siteId,
  }));
  return { accessLinkDevices, page, itemsPerPage };
}

/** Every id must be a lock or gate of this organization; otherwise 400 naming the ids. */
export async function assertAssignable(ctx: Ctx, organizationId: number, ids: number[]) {
  const found = await ctx.db
    .select({ id: devices.id })
    .from(devices)
    .where(and(linkable(organizationId), inArray(devices.id, ids)));
  const ok = new Set(found.map((r) => r.id));
  const bad = ids.filter((id) => !ok.has(id));
  if (bad.length) {
    throw Invalid(
      `devicesIds: ${bad.join(', ')} cannot be assigned (only locks and gates of this organization can be).`,
    );
  }
}
