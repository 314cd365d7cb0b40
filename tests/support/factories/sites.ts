import { randomUUID } from 'node:crypto';
import { sites } from '@/db/schema';
import { db } from './core';
import { orgWithCast } from './organization';

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

/** An organization with its cast (orgWithCast), a site of it and a site of the other organization. */
export async function orgWithSites() {
  const c = await orgWithCast();
  const site = await createSite(c.org.id);
  const foreignSite = await createSite(c.other.id);
  return { ...c, site, foreignSite };
}
