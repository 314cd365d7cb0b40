import { and, asc, eq, inArray } from 'drizzle-orm';
import { devices } from '@/db/schema';
import type { Ctx } from '../context';
import { Invalid } from '../errors';
import { OrgRole, requireOrgRole } from '../organizations/roles';
import { containsText, pageWindow, type Paging } from '../organizations/text';
import { LINKABLE_TYPES } from './shape';

const linkable = (organizationId: number) => and(eq(devices.organizationId, organizationId), inArray(devices.type, LINKABLE_TYPES));

/** Endpoint 11: locks and gates of the organization that a link may open. */
export async function listAssignable(ctx: Ctx, input: { organizationId: number; deviceName?: string; deviceId?: number } & Partial<Paging>) {
  await requireOrgRole(ctx, input.organizationId, OrgRole.administrator, { hideBelow: true });
  const { page, itemsPerPage, offset } = pageWindow(input);
  const name = input.deviceName?.trim();
  const rows = await ctx.db
    .select({ deviceId: devices.id, name: devices.name, type: devices.type, timeZone: devices.timeZone, sv: devices.softwareVersions })
    .from(devices)
    .where(
      and(
        linkable(input.organizationId),
        name ? containsText(devices.name, name) : undefined,
        input.deviceId !== undefined ? eq(devices.id, input.deviceId) : undefined,
      ),
    )
    .orderBy(asc(devices.name), asc(devices.id))
    .limit(itemsPerPage)
    .offset(offset);
  // the assignable listing leaves out updateAvailable (api-v37.md)
  const accessLinkDevices = rows.map(({ sv, ...d }) => ({ ...d, softwareVersions: sv.map((v) => ({ softwareType: v.softwareType, version: v.version })) }));
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
    throw Invalid(`devicesIds: ${bad.join(', ')} cannot be assigned (only locks and gates of this organization can be).`);
  }
}
