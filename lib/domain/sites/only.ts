import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { sites } from '@/db/schema';

/**
 * The site a new device of the organization goes to: its only one. With none or several there is
 * no right guess, so the device starts in no site until someone moves it (issue 35).
 */
export async function onlySite(db: Db, organizationId: number): Promise<{ id: number; timeZone: string } | null> {
  const rows = await db
    .select({ id: sites.id, timeZone: sites.timeZone })
    .from(sites)
    .where(eq(sites.organizationId, organizationId))
    .limit(2);
  return rows.length === 1 ? rows[0] : null;
}
