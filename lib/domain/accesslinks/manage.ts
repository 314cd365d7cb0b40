import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { accessLinkDevices, accessLinks } from '@/db/schema';
import { encryptSecret, randomToken, tokenHash } from '@/lib/crypto/secrets';
import type { Db } from '@/db/client';
import type { Ctx } from '../context';
import { NotFound } from '../errors';
import { OrgRole, requireOrgRole } from '../organizations/roles';
import { containsText } from '../organizations/text';
import { assertAssignable } from './assignable';
import { devicesOfLinks, linkUrl, linkView, urlOf } from './shape';

export interface LinkFields {
  name: string;
  description: string;
  deviceIds: number[];
  /** null: permanent (no window) */
  repeatEvent: { startDate: Date; endDate: Date } | null;
}

interface Where {
  organizationId: number;
  /** origin of the request, the URL base when PORTAL_URL is unset */
  origin: string;
}

/**
 * Link management needs at least organization administrator; anyone else, member or outsider,
 * gets 404 as if the organization did not exist (api-v37.md: "not allowed to manage it").
 * Reading is held to the same bar: a link's URL opens doors.
 */
const requireManager = (ctx: Ctx, organizationId: number) => requireOrgRole(ctx, organizationId, OrgRole.administrator, { hideBelow: true });

async function findLink(ctx: Ctx, organizationId: number, id: string) {
  const [row] = await ctx.db
    .select()
    .from(accessLinks)
    .where(and(eq(accessLinks.id, id), eq(accessLinks.organizationId, organizationId)))
    .limit(1);
  if (!row) throw NotFound('Access link');
  return row;
}

async function setDevices(tx: Db, linkId: string, deviceIds: number[]) {
  await tx.delete(accessLinkDevices).where(eq(accessLinkDevices.accessLinkId, linkId));
  await tx.insert(accessLinkDevices).values(deviceIds.map((deviceId, i) => ({ accessLinkId: linkId, deviceId, order: i + 1 })));
}

/** Endpoint 13: a new link with a fresh random token, kept only as a hash and encrypted. */
export async function createLink(ctx: Ctx, input: Where & LinkFields) {
  await requireManager(ctx, input.organizationId);
  await assertAssignable(ctx, input.organizationId, input.deviceIds);
  const token = randomToken(32);
  const linkId = randomUUID(); // the ciphertext is bound to its row
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accessLinks)
      .values({
        id: linkId,
        organizationId: input.organizationId,
        name: input.name,
        description: input.description,
        startDate: input.repeatEvent?.startDate ?? null,
        endDate: input.repeatEvent?.endDate ?? null,
        tokenHash: tokenHash(token),
        tokenCiphertext: encryptSecret(token, 'access_links', linkId),
        createdBy: ctx.caller.userId,
      })
      .returning({ id: accessLinks.id });
    await setDevices(tx, row.id, input.deviceIds);
    return row.id;
  });
  return { id, url: linkUrl(input.origin, token) };
}

/** Endpoint 14: only the fields sent change; the token (and so the URL) stays. */
export async function updateLink(ctx: Ctx, input: Where & { accessLinkId: string } & Partial<LinkFields>) {
  await requireManager(ctx, input.organizationId);
  const row = await findLink(ctx, input.organizationId, input.accessLinkId);
  if (input.deviceIds) await assertAssignable(ctx, input.organizationId, input.deviceIds);
  const set: Partial<typeof accessLinks.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description;
  if (input.repeatEvent !== undefined) {
    set.startDate = input.repeatEvent?.startDate ?? null;
    set.endDate = input.repeatEvent?.endDate ?? null;
  }
  await ctx.db.transaction(async (tx) => {
    if (Object.keys(set).length) await tx.update(accessLinks).set(set).where(eq(accessLinks.id, row.id));
    if (input.deviceIds) await setDevices(tx, row.id, input.deviceIds);
  });
}

/** Endpoint 12: the link and its URL. */
export async function getLink(ctx: Ctx, input: Where & { accessLinkId: string }) {
  await requireManager(ctx, input.organizationId);
  const row = await findLink(ctx, input.organizationId, input.accessLinkId);
  const devs = (await devicesOfLinks(ctx.db, [row.id])).get(row.id)!;
  return { accessLink: linkView(row, devs), accessLinkUrl: urlOf(row, input.origin) };
}

/** The portal's list: newest first, by a part of the name and/or one device. */
export async function listLinks(ctx: Ctx, input: Where & { page?: number; itemsPerPage?: number; name?: string; deviceId?: number }) {
  await requireManager(ctx, input.organizationId);
  const page = input.page ?? 1;
  const itemsPerPage = input.itemsPerPage ?? 100;
  const name = input.name?.trim();
  const withDevice = ctx.db
    .select({ id: accessLinkDevices.accessLinkId })
    .from(accessLinkDevices)
    .where(eq(accessLinkDevices.deviceId, input.deviceId ?? -1));
  const rows = await ctx.db
    .select()
    .from(accessLinks)
    .where(
      and(
        eq(accessLinks.organizationId, input.organizationId),
        name ? containsText(accessLinks.name, name) : undefined,
        input.deviceId !== undefined ? inArray(accessLinks.id, withDevice) : undefined,
      ),
    )
    .orderBy(desc(accessLinks.created), desc(accessLinks.id))
    .limit(itemsPerPage)
    .offset((page - 1) * itemsPerPage);
  const devs = await devicesOfLinks(ctx.db, rows.map((r) => r.id));
  const items = rows.map((r) => ({ ...linkView(r, devs.get(r.id)!), accessLinkUrl: urlOf(r, input.origin) }));
  return { accessLinks: items, page, itemsPerPage };
}

/** Deleting a link makes its URL a 404 at once; activity entries keep the link id. */
export async function deleteLink(ctx: Ctx, input: { organizationId: number; accessLinkId: string }) {
  await requireManager(ctx, input.organizationId);
  const row = await findLink(ctx, input.organizationId, input.accessLinkId);
  await ctx.db.delete(accessLinks).where(eq(accessLinks.id, row.id));
}
