import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { accessLinkDevices, accessLinks, devices } from '@/db/schema';
import { config } from '@/lib/config';
import { publicUrl } from '@/lib/config/env';
import { decryptSecret } from '@/lib/crypto/secrets';
import { fmtZ } from '../format';
import type { LinkDevice } from './schemas';

export type AccessLinkRow = typeof accessLinks.$inferSelect;

/** Device kinds a link may open: locks (PRO, GO) and gates. */
export const LINKABLE_TYPES = [2, 4, 5];

/**
 * The public URL of a link: `{PORTAL_URL}/link/<token>`, PORTAL_URL defaulting to the public URL
 * people use (NEXTAUTH_URL), never the host a request named: behind a load balancer that is the
 * process's own address, and a forged Host would put another site in the link. The token is
 * decrypted only to show the URL to administrators again.
 */
export function linkUrl(token: string): string {
  const base = (config().PORTAL_URL || publicUrl().origin).replace(/\/+$/, '');
  return `${base}/link/${token}`;
}

/**
 * The URL shown to administrators, or null when the stored token cannot be decrypted (APP_SECRET
 * changed since the link was made): that link still works for guests who have its URL, and the
 * list of the others still loads.
 */
export function urlOf(row: AccessLinkRow): string | null {
  try {
    return linkUrl(decryptSecret(row.tokenCiphertext, 'access_links', row.id));
  } catch {
    return null;
  }
}

export type { LinkDevice };

/** Devices of several links, each list in the link's order (order counts from 1). */
export async function devicesOfLinks(db: Db, linkIds: string[]): Promise<Map<string, LinkDevice[]>> {
  const out = new Map<string, LinkDevice[]>(linkIds.map((id) => [id, []]));
  if (!linkIds.length) return out;
  const rows = await db
    .select({
      linkId: accessLinkDevices.accessLinkId,
      id: devices.id,
      name: devices.name,
      timeZone: devices.timeZone,
      order: accessLinkDevices.order,
      deviceType: devices.type,
    })
    .from(accessLinkDevices)
    .innerJoin(devices, eq(devices.id, accessLinkDevices.deviceId))
    .where(inArray(accessLinkDevices.accessLinkId, linkIds))
    .orderBy(asc(accessLinkDevices.order));
  for (const { linkId, ...d } of rows) out.get(linkId)!.push(d);
  return out;
}

/** The contract's organization access link (without its URL). */
export function linkView(row: AccessLinkRow, devs: LinkDevice[]) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    repeatEvent:
      row.startDate && row.endDate
        ? {
            startDate: fmtZ(row.startDate),
            endDate: fmtZ(row.endDate),
            dayStartTime: fmtZ(row.dayStartTime),
            dayEndTime: fmtZ(row.dayEndTime),
            weekDays: row.weekDays,
          }
        : null,
    devices: devs,
  };
}
