import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import { accessLinkDevices, accessLinks, organizationUsers } from '@/db/schema';
import { encryptSecret, randomToken, tokenHash } from '@/lib/crypto/secrets';
import type { Db } from '@/db/client';
import { effectiveAccess } from '../access/effective';
import type { Ctx } from '../context';
import { audit, changed } from '../audit';
import { Forbidden, Invalid, NotFound } from '../errors';
import { decide, decideLinkWindow, linkPower, narrows, OrgRole, type LinkWindow } from '@/lib/shared/policy';
import { mayDelegate, requireDelegable } from '../access/delegation';
import type { Schedule } from '@/lib/shared/schedule';
import { enforceDevice, enforceReach, requireOrg } from '../policy/enforce';
import { PERMANENT_LINK_WORDS } from '@/lib/shared/policy/words';
import { containsText } from '../organizations/text';
import { assertAssignable } from './assignable';
import { devicesOfLinks, linkUrl, linkView, urlOf, type AccessLinkRow } from './shape';

/** Tedee's RepeatEvent: the link's dates, and optionally its weekdays and daily window. */
export interface RepeatEvent {
  startDate: Date;
  endDate: Date;
  dayStartTime: Date | null;
  dayEndTime: Date | null;
  weekDays: number | null;
}

export interface LinkFields {
  name: string;
  description: string;
  deviceIds: number[];
  /** null: permanent (no window) */
  repeatEvent: RepeatEvent | null;
}

/** The columns a repeat event sets (all null for a permanent link). */
const scheduleColumns = (r: RepeatEvent | null) => ({
  startDate: r?.startDate ?? null,
  endDate: r?.endDate ?? null,
  dayStartTime: r?.dayStartTime ?? null,
  dayEndTime: r?.dayEndTime ?? null,
  weekDays: r?.weekDays ?? null,
});

interface Where {
  organizationId: number;
}

/**
 * Link management needs at least organization administrator; anyone else, member or outsider,
 * gets 404 as if the organization did not exist (api-v37.md: "not allowed to manage it").
 * Reading is held to the same bar: a link's URL opens doors.
 */
const requireManager = (ctx: Ctx, organizationId: number) =>
  requireOrg(ctx, organizationId, 'manageLinks', { hideBelow: true });

async function findLink(ctx: Ctx, organizationId: number, id: string) {
  const [row] = await ctx.db
    .select()
    .from(accessLinks)
    .where(and(eq(accessLinks.id, id), eq(accessLinks.organizationId, organizationId)))
    .limit(1);
  if (!row) throw NotFound('Access link');
  return row;
}

/**
 * Devices may go on a link only when the caller may put them there now (lib/shared/policy:
 * `linkDevice`, manage and open remotely): the link then gives no more than the caller could use.
 */
async function requireLinkable(ctx: Ctx, organizationId: number, ids: number[]) {
  if (!ids.length) return;
  await assertAssignable(ctx, organizationId, ids);
  const now = ctx.now();
  const access = await effectiveAccess(ctx.db, ctx.caller.userId, now, ids);
  const unseen = ids.filter((id) => !decide('see', access.get(id), now).ok);
  if (unseen.length)
    throw Invalid(
      `devicesIds: ${unseen.join(', ')} cannot be assigned (only locks and gates of this organization that you manage can be).`,
    );
  for (const id of ids) enforceDevice('linkDevice', access.get(id), now, { doing: 'put it on an access link' });
}

/** A window without an end is for the organization's owner; see decideLinkWindow for changes. */
function requireWindow(
  next: LinkWindow,
  who: { setterRole: number; creatorRole: number | null },
  previous?: LinkWindow,
) {
  if (!decideLinkWindow(next, who, previous).ok) throw Forbidden(PERMANENT_LINK_WORDS);
}

const windowOf = (r: LinkFields['repeatEvent']): LinkWindow => ({
  startDate: r?.startDate ?? null,
  endDate: r?.endDate ?? null,
});

/**
 * The link's devices become `deviceIds` in that order; a device already on it keeps who put it
 * there, unless the link was widened (`allByCaller`): then the caller answers for every door.
 */
async function setDevices(tx: Db, linkId: string, deviceIds: number[], addedBy: string, allByCaller = false) {
  const kept = new Map(
    (await tx.select().from(accessLinkDevices).where(eq(accessLinkDevices.accessLinkId, linkId))).map((d) => [
      d.deviceId,
      d.addedBy,
    ]),
  );
  await tx.delete(accessLinkDevices).where(eq(accessLinkDevices.accessLinkId, linkId));
  await tx.insert(accessLinkDevices).values(
    deviceIds.map((deviceId, i) => ({
      accessLinkId: linkId,
      deviceId,
      order: i + 1,
      addedBy: kept.has(deviceId) && !allByCaller ? kept.get(deviceId) : addedBy,
    })),
  );
}

/** What the audit log keeps of a link: never its token or URL. */
const linkFacts = (
  l: {
    name?: string;
    description?: string | null;
    startDate?: Date | null;
    endDate?: Date | null;
    weekDays?: number | null;
    dayStartTime?: Date | null;
    dayEndTime?: Date | null;
  },
  deviceIds?: number[],
) => ({
  name: l.name,
  description: l.description ?? null,
  startDate: l.startDate ?? null,
  endDate: l.endDate ?? null,
  weekDays: l.weekDays ?? null,
  dayStartTime: l.dayStartTime ?? null,
  dayEndTime: l.dayEndTime ?? null,
  ...(deviceIds ? { deviceIds } : {}),
});

const linkDeviceIds = async (db: Ctx['db'], linkId: string) =>
  (
    await db
      .select({ id: accessLinkDevices.deviceId })
      .from(accessLinkDevices)
      .where(eq(accessLinkDevices.accessLinkId, linkId))
      .orderBy(asc(accessLinkDevices.order))
  ).map((d) => d.id);

/** Endpoint 13: a new link with a fresh random token, kept only as a hash and encrypted. */
export async function createLink(ctx: Ctx, input: Where & LinkFields) {
  const me = await requireManager(ctx, input.organizationId);
  requireWindow(windowOf(input.repeatEvent), { setterRole: me.role, creatorRole: me.role });
  await requireLinkable(ctx, input.organizationId, input.deviceIds);
  // the link opens each door in its window: only for someone who holds that now (decideDelegation)
  await requireDelegable(ctx, reachOf(input.deviceIds, scheduleColumns(input.repeatEvent)), 'put it on this link');
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
        ...scheduleColumns(input.repeatEvent),
        tokenHash: tokenHash(token),
        tokenCiphertext: encryptSecret(token, 'access_links', linkId),
        createdBy: ctx.caller.userId,
      })
      .returning({ id: accessLinks.id });
    await setDevices(tx, row.id, input.deviceIds, ctx.caller.userId);
    const schedule = scheduleColumns(input.repeatEvent);
    await audit(tx, ctx, {
      action: 'link.create',
      organizationId: input.organizationId,
      target: { type: 'accessLink', id: row.id, name: input.name },
      after: linkFacts({ name: input.name, description: input.description, ...schedule }, input.deviceIds),
    });
    return row.id;
  });
  return { id, url: linkUrl(token) };
}

async function roleOf(ctx: Ctx, organizationId: number, userId: string | null): Promise<number | null> {
  if (!userId) return null;
  const [m] = await ctx.db
    .select({ role: organizationUsers.role })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.userId, userId)));
  return m?.role ?? null;
}

/**
 * Endpoint 14: only the fields sent change; the token (and so the URL) stays. Devices newly put
 * on the link must be the caller's to put there; the window may be narrowed by any link manager
 * and widened only as far as both the link's creator and the caller could grant.
 */
export async function updateLink(ctx: Ctx, input: Where & { accessLinkId: string } & Partial<LinkFields>) {
  const me = await requireManager(ctx, input.organizationId);
  const row = await findLink(ctx, input.organizationId, input.accessLinkId);
  if (input.repeatEvent !== undefined) {
    requireWindow(
      windowOf(input.repeatEvent),
      { setterRole: me.role, creatorRole: await roleOf(ctx, input.organizationId, row.createdBy) },
      { startDate: row.startDate, endDate: row.endDate },
    );
  }
  const currentIds = await linkDeviceIds(ctx.db, row.id);
  const current = new Set(currentIds);
  const deviceIds = input.deviceIds ?? currentIds;
  await enforceReach(ctx.db, me, [...currentIds, ...deviceIds], `the link ${row.name}`);
  const added = deviceIds.filter((id) => !current.has(id));
  await requireLinkable(ctx, input.organizationId, added);
  // a window widened, or an ended link brought back, is a new grant on every door of the link: held
  // to what the caller holds on each now, and the caller answers for the whole link from then on
  const nextSchedule = input.repeatEvent !== undefined ? scheduleColumns(input.repeatEvent) : row;
  const widens = input.repeatEvent !== undefined && !narrows(linkPower(row), linkPower(nextSchedule), 'UTC', ctx.now());
  if (widens)
    await requireLinkable(
      ctx,
      input.organizationId,
      deviceIds.filter((id) => current.has(id)),
    );
  await requireDelegable(ctx, reachOf(widens ? deviceIds : added, nextSchedule), 'put it on this link');
  const set: Partial<typeof accessLinks.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description;
  if (input.repeatEvent !== undefined) Object.assign(set, scheduleColumns(input.repeatEvent));
  if (widens) set.createdBy = ctx.caller.userId;
  await ctx.db.transaction(async (tx) => {
    const devicesBefore = input.deviceIds ? currentIds : undefined;
    if (Object.keys(set).length) await tx.update(accessLinks).set(set).where(eq(accessLinks.id, row.id));
    if (input.deviceIds || widens) await setDevices(tx, row.id, deviceIds, ctx.caller.userId, widens);
    const diff = changed(linkFacts(row, devicesBefore), linkFacts({ ...row, ...set }, input.deviceIds));
    if (diff)
      await audit(tx, ctx, {
        action: 'link.update',
        organizationId: input.organizationId,
        target: { type: 'accessLink', id: row.id, name: set.name ?? row.name },
        ...diff,
      });
  });
}

/** Endpoint 12: the link and its URL. */
export async function getLink(ctx: Ctx, input: Where & { accessLinkId: string }) {
  const me = await requireManager(ctx, input.organizationId);
  const row = await findLink(ctx, input.organizationId, input.accessLinkId);
  const devs = (await devicesOfLinks(ctx.db, [row.id])).get(row.id)!;
  const shown = await mayReadUrl(ctx, me.role, row, devs);
  return { accessLink: linkView(row, devs), accessLinkUrl: shown ? urlOf(row) : null };
}

export interface LinkListFilters {
  /** a part of the name, in any case (Tedee's filters.LinkName) */
  name?: string;
  /** links that include any of these devices */
  deviceIds?: number[];
  /** links whose window reaches past this instant (a link without an end always does) */
  startDate?: Date;
  /** links whose window begins before this instant (a link without a start always does) */
  endDate?: Date;
}

/** GET .../accesslink: the organization's links, newest first, filtered as Tedee's docs name it. */
export async function listLinks(ctx: Ctx, input: Where & LinkListFilters & { page?: number; itemsPerPage?: number }) {
  const me = await requireManager(ctx, input.organizationId);
  const page = input.page ?? 1;
  const itemsPerPage = input.itemsPerPage ?? 100;
  const name = input.name?.trim();
  const withDevice = ctx.db
    .select({ id: accessLinkDevices.accessLinkId })
    .from(accessLinkDevices)
    .where(inArray(accessLinkDevices.deviceId, input.deviceIds?.length ? input.deviceIds : [-1]));
  const rows = await ctx.db
    .select()
    .from(accessLinks)
    .where(
      and(
        eq(accessLinks.organizationId, input.organizationId),
        name ? containsText(accessLinks.name, name) : undefined,
        input.deviceIds?.length ? inArray(accessLinks.id, withDevice) : undefined,
        input.startDate ? or(isNull(accessLinks.endDate), gt(accessLinks.endDate, input.startDate)) : undefined,
        input.endDate ? or(isNull(accessLinks.startDate), lt(accessLinks.startDate, input.endDate)) : undefined,
      ),
    )
    .orderBy(desc(accessLinks.created), desc(accessLinks.id))
    .limit(itemsPerPage)
    .offset((page - 1) * itemsPerPage);
  const devs = await devicesOfLinks(
    ctx.db,
    rows.map((r) => r.id),
  );
  const items = await Promise.all(
    rows.map(async (r) => ({
      ...linkView(r, devs.get(r.id)!),
      accessLinkUrl: (await mayReadUrl(ctx, me.role, r, devs.get(r.id)!)) ? urlOf(r) : null,
    })),
  );
  return { items, page, itemsPerPage };
}

/** GET .../accesslink/{id}/url: the link's URL alone (Tedee's get-link-url). */
export async function getLinkUrl(ctx: Ctx, input: Where & { accessLinkId: string }) {
  const me = await requireManager(ctx, input.organizationId);
  const row = await findLink(ctx, input.organizationId, input.accessLinkId);
  await requireUrlReader(ctx, me.role, row, (await devicesOfLinks(ctx.db, [row.id])).get(row.id)!);
  return { url: urlOf(row) };
}

/**
 * Reading a link's URL is holding its power: shown (listed, sent) only to someone who could make
 * this link now, on every door it opens (decideDelegation); a link without an end, to the owner.
 * Other link managers see that it exists, its name, window and doors, not its URL.
 */
export async function mayReadUrl(ctx: Ctx, role: number, row: AccessLinkRow, devs: Array<{ id: number }>) {
  if (row.endDate === null && role < OrgRole.owner) return false;
  return mayDelegate(
    ctx,
    reachOf(
      devs.map((d) => d.id),
      row,
    ),
  );
}

/** 403 in words unless the caller may read the link's URL (mayReadUrl). */
export async function requireUrlReader(ctx: Ctx, role: number, row: AccessLinkRow, devs: Array<{ id: number }>) {
  if (row.endDate === null && role < OrgRole.owner) throw Forbidden(PERMANENT_LINK_WORDS);
  await requireDelegable(
    ctx,
    reachOf(
      devs.map((d) => d.id),
      row,
    ),
    "see this link's URL",
  );
}

/** What a link gives: a guest's opening from afar, in its window, on each of these doors. */
const reachOf = (deviceIds: number[], schedule: Schedule) =>
  deviceIds.map((deviceId) => ({ deviceId, power: linkPower(schedule) }));

/** Deleting a link makes its URL a 404 at once; activity entries keep the link id. */
export async function deleteLink(ctx: Ctx, input: { organizationId: number; accessLinkId: string }) {
  const me = await requireManager(ctx, input.organizationId);
  const row = await findLink(ctx, input.organizationId, input.accessLinkId);
  await enforceReach(ctx.db, me, await linkDeviceIds(ctx.db, row.id), `the link ${row.name}`);
  await ctx.db.transaction(async (tx) => {
    const deviceIds = await linkDeviceIds(tx, row.id);
    await tx.delete(accessLinks).where(eq(accessLinks.id, row.id));
    await audit(tx, ctx, {
      action: 'link.delete',
      organizationId: input.organizationId,
      target: { type: 'accessLink', id: row.id, name: row.name },
      before: linkFacts(row, deviceIds),
    });
  });
}
