import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { devices, sites } from '@/db/schema';
import { isUniqueViolation } from '@/db/errors';
import { invisibleName, showsSomething } from '@/lib/shared/text';
import type { Ctx } from '../context';
import { Conflict, Invalid, NotFound } from '../errors';
import { enforceSiteChange, requireOrg } from '../policy/enforce';
import { audit } from '../audit';
import { checkZone } from '../devices/revise';
import { containsText, pageWindow, type Paging } from '../organizations/text';
import type { Site } from './schemas';

/**
 * Sites (buildings) of an organization (issue 35). Members see them; the owner and administrators
 * manage them (policy 'manageSites', the groups' rule; an administrator limited to some sites
 * changes only those and creates none: decideSiteChange). Names are unique per organization
 * regardless of case; a site that still has devices is not deleted (move them first).
 */

const columns = {
  id: sites.id,
  name: sites.name,
  address: sites.address,
  timeZone: sites.timeZone,
  // qualified by hand: inside a selected expression drizzle names columns without their table
  deviceCount: sql<number>`(select count(*)::int from ${devices} where ${devices}."site_id" = ${sites}."id")`,
};

/** A site of this organization, or 404 (also for another organization's: ids cannot be probed). */
export async function findSite(ctx: Ctx, organizationId: number, siteId: number): Promise<Site> {
  const [s] = await ctx.db
    .select(columns)
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.organizationId, organizationId)))
    .limit(1);
  if (!s) throw NotFound('Site');
  return s;
}

export async function getSite(ctx: Ctx, input: { organizationId: number; siteId: number }): Promise<Site> {
  await requireOrg(ctx, input.organizationId, 'see');
  return findSite(ctx, input.organizationId, input.siteId);
}

/** The organization's sites by name, paged; `text` a case-insensitive part of the name or address. */
export async function listSites(
  ctx: Ctx,
  input: { organizationId: number; text?: string } & Partial<Paging>,
): Promise<Site[]> {
  await requireOrg(ctx, input.organizationId, 'see');
  const { offset, itemsPerPage } = pageWindow(input);
  const text = input.text?.trim();
  return ctx.db
    .select(columns)
    .from(sites)
    .where(
      and(
        eq(sites.organizationId, input.organizationId),
        text ? sql`(${containsText(sites.name, text)} or ${containsText(sites.address, text)})` : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${sites.name})`), asc(sites.id))
    .limit(itemsPerPage)
    .offset(offset);
}

function cleanName(name: string): string {
  const n = name.trim();
  if (!n) throw Invalid('name: a site needs a name.');
  if (!showsSomething(n)) throw Invalid(invisibleName('name'));
  if (n.length > 100) throw Invalid('name: at most 100 characters.');
  return n;
}

function cleanAddress(address: string | null | undefined): string | null | undefined {
  if (address === undefined || address === null) return address;
  const a = address.trim();
  if (a.length > 500) throw Invalid('address: at most 500 characters.');
  return a || null;
}

// named as the name's, as a validation message is: a form says it under the name
const clash = (name: string) => Conflict(`name: A site named "${name}" already exists in this organization.`);

async function assertNameFree(ctx: Ctx, organizationId: number, name: string, exceptId?: number) {
  const [taken] = await ctx.db
    .select({ id: sites.id })
    .from(sites)
    .where(
      and(
        eq(sites.organizationId, organizationId),
        sql`lower(${sites.name}) = lower(${name})`,
        exceptId ? ne(sites.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw clash(name);
}

/** Two requests with the same name at once: the unique index decides, and the loser hears 409. */
async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'sites_org_name_uq')) throw clash(name);
    throw err;
  }
}

export async function createSite(
  ctx: Ctx,
  input: { organizationId: number; name: string; address?: string | null; timeZone: string },
): Promise<Site> {
  enforceSiteChange(await requireOrg(ctx, input.organizationId, 'manageSites'), 'create');
  const name = cleanName(input.name);
  const address = cleanAddress(input.address) ?? null;
  checkZone(input.timeZone);
  await assertNameFree(ctx, input.organizationId, name);
  const [s] = await uniqueName(name, () =>
    ctx.db.transaction(async (tx) => {
      const made = await tx
        .insert(sites)
        .values({ organizationId: input.organizationId, name, address, timeZone: input.timeZone })
        .returning({ id: sites.id, name: sites.name, address: sites.address, timeZone: sites.timeZone });
      await audit(tx, ctx, {
        action: 'site.create',
        organizationId: input.organizationId,
        target: { type: 'site', id: made[0].id, name },
        after: { name, address, timeZone: input.timeZone },
      });
      return made;
    }),
  );
  return { ...s, deviceCount: 0 };
}

/** Changes what is given (name, address, time zone); the devices keep their own zones. */
export async function updateSite(
  ctx: Ctx,
  input: { organizationId: number; siteId: number; name?: string; address?: string | null; timeZone?: string },
): Promise<Site> {
  const m = await requireOrg(ctx, input.organizationId, 'manageSites');
  const old = await findSite(ctx, input.organizationId, input.siteId);
  enforceSiteChange(m, 'change', [old.id]);
  const name = input.name === undefined ? undefined : cleanName(input.name);
  const address = cleanAddress(input.address);
  checkZone(input.timeZone);
  if (name !== undefined) await assertNameFree(ctx, input.organizationId, name, input.siteId);
  const set = {
    ...(name !== undefined && { name }),
    ...(address !== undefined && { address }),
    ...(input.timeZone !== undefined && { timeZone: input.timeZone }),
  };
  // what changes, before and after, for the audit log
  const changed = (Object.keys(set) as Array<keyof typeof set>).filter((k) => set[k] !== old[k]);
  if (changed.length)
    await uniqueName(name ?? '', () =>
      ctx.db.transaction(async (tx) => {
        await tx.update(sites).set(set).where(eq(sites.id, input.siteId));
        await audit(tx, ctx, {
          action: 'site.update',
          organizationId: input.organizationId,
          target: { type: 'site', id: old.id, name: set.name ?? old.name },
          before: Object.fromEntries(changed.map((k) => [k, old[k]])),
          after: Object.fromEntries(changed.map((k) => [k, set[k]])),
        });
      }),
    );
  return findSite(ctx, input.organizationId, input.siteId);
}

/** A site with devices is not deleted: they would be left in no building. 409 until they are moved. */
export async function deleteSite(ctx: Ctx, input: { organizationId: number; siteId: number }): Promise<void> {
  const m = await requireOrg(ctx, input.organizationId, 'manageSites');
  const site = await findSite(ctx, input.organizationId, input.siteId);
  enforceSiteChange(m, 'change', [site.id]);
  await ctx.db.transaction(async (tx) => {
    // the site's row locked first: a device moved into it meanwhile waits, then sees it gone
    await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, site.id)).for('update');
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(devices).where(eq(devices.siteId, site.id));
    if (n > 0)
      throw Conflict(
        `The site "${site.name}" still has ${n} device${n === 1 ? '' : 's'}. Move ${n === 1 ? 'it' : 'them'} to another site first, then delete it.`,
      );
    await audit(tx, ctx, {
      action: 'site.delete',
      organizationId: input.organizationId,
      target: { type: 'site', id: site.id, name: site.name },
      before: { name: site.name, address: site.address, timeZone: site.timeZone },
    });
    await tx.delete(sites).where(eq(sites.id, site.id));
  });
}
