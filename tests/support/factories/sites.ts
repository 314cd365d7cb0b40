import { randomUUID } from 'node:crypto';
import { sites } from '@/db/schema';
import { db } from './core';

/** A site (building) of the organization, with no devices. */
export async function createSite(organizationId: number, over: { name?: string; timeZone?: string } = {}) {
  const [s] = await (await db())
    .insert(sites)
    .values({
      organizationId,
      name: over.name ?? `Site ${randomUUID().slice(0, 8)}`,
      timeZone: over.timeZone ?? 'Europe/Warsaw',
    })
    .returning();
  return s;
}
