import { and, eq, inArray } from 'drizzle-orm';
import { anyInt } from '@/db/arrays';
import { devices } from '@/db/schema';
import type { Ctx } from '../context';
import { NotFound } from '../errors';
import { may } from '@/lib/shared/policy';
import { requireDevice } from '../policy/enforce';
import { visibleIds } from '../devices/load';

/** What the Access and Activity pages show about a device and the viewer (server prefetch). */
export interface PortalDevice {
  id: number;
  name: string;
  type: number;
  timeZone: string;
  organizationId: number | null;
  /** its site (building), null for none (issue 35): Activity's site filter narrows the device filter by it */
  siteId: number | null;
  accessLevel: number;
  /** may share it now (lib/shared/policy: `share`): sees and changes every access */
  canManage: boolean;
}

/** What the portal's pages read of a device beside the access: its name, kind, zone and place. */
const DEVICE_COLUMNS = {
  id: devices.id,
  name: devices.name,
  type: devices.type,
  timeZone: devices.timeZone,
  organizationId: devices.organizationId,
  siteId: devices.siteId,
};

export async function portalDevice(ctx: Ctx, deviceId: number): Promise<PortalDevice> {
  const acc = await requireDevice(ctx, deviceId, 'see');
  const [d] = await ctx.db.select(DEVICE_COLUMNS).from(devices).where(eq(devices.id, deviceId)).limit(1);
  if (!d) throw NotFound('Device');
  return { ...d, accessLevel: acc.accessLevel, canManage: may('share', acc, ctx.now()) };
}

/** What the Activity page needs of a device: its name, kind, zone and place (the device filter, each entry's name). */
export type ActivityDevice = Pick<PortalDevice, 'id' | 'name' | 'type' | 'timeZone' | 'organizationId' | 'siteId'>;

/**
 * The devices of `ids` the viewer can see, by name (the Activity page's chosen device and the
 * devices of its first page of entries): one read by the visibility rule (an access of theirs or
 * their groups' within its dates), no access picked and no policy asked per device. The page no
 * longer reads every device: an organization's 10,000 were 10,000 options drawn (issue 34).
 */
export async function activityDevices(ctx: Ctx, ids: number[]): Promise<ActivityDevice[]> {
  if (!ids.length) return [];
  const rows = await ctx.db
    .select(DEVICE_COLUMNS)
    .from(devices)
    .where(and(anyInt(devices.id, ids), inArray(devices.id, visibleIds(ctx))));
  return rows.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** A site (null: none) and a time zone that some of the viewer's devices share. */
export interface ActivityPlace {
  siteId: number | null;
  timeZone: string;
}

/**
 * The sites and zones of the viewer's devices, each pair once: whether a site's (or every) device
 * shares one zone, so the date range is read in it, and whether any device is in no site.
 */
export async function activityPlaces(ctx: Ctx): Promise<ActivityPlace[]> {
  return ctx.db
    .selectDistinct({ siteId: devices.siteId, timeZone: devices.timeZone })
    .from(devices)
    .where(inArray(devices.id, visibleIds(ctx)));
}
