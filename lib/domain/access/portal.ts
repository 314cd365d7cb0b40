import { eq } from 'drizzle-orm';
import { devices } from '@/db/schema';
import type { Ctx } from '../context';
import { NotFound } from '../errors';
import { may } from '@/lib/shared/policy';
import { requireDevice } from '../policy/enforce';
import { effectiveAccess } from './effective';
import { anyInt } from '@/db/arrays';

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

export async function portalDevice(ctx: Ctx, deviceId: number): Promise<PortalDevice> {
  const acc = await requireDevice(ctx, deviceId, 'see');
  const [d] = await ctx.db
    .select({
      id: devices.id,
      name: devices.name,
      type: devices.type,
      timeZone: devices.timeZone,
      organizationId: devices.organizationId,
      siteId: devices.siteId,
    })
    .from(devices)
    .where(eq(devices.id, deviceId))
    .limit(1);
  if (!d) throw NotFound('Device');
  return { ...d, accessLevel: acc.accessLevel, canManage: may('share', acc, ctx.now()) };
}

/** Every device the viewer can see, by name (device filter of the activity view). */
export async function portalDevices(ctx: Ctx): Promise<PortalDevice[]> {
  const now = ctx.now();
  const acc = await effectiveAccess(ctx.db, ctx.caller.userId, now);
  if (!acc.size) return [];
  const rows = await ctx.db
    .select({
      id: devices.id,
      name: devices.name,
      type: devices.type,
      timeZone: devices.timeZone,
      organizationId: devices.organizationId,
      siteId: devices.siteId,
    })
    .from(devices)
    .where(anyInt(devices.id, [...acc.keys()]));
  return rows
    .map((d) => ({ ...d, accessLevel: acc.get(d.id)!.accessLevel, canManage: may('share', acc.get(d.id), now) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
