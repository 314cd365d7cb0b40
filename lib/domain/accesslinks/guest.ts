import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import { perDb } from '@/db/prepared';
import { tableRow } from '@/db/raw-rows';
import { accessLinkDevices, accessLinks, DeviceType, devices } from '@/db/schema';
import { keyedHash, tokenHash } from '@/lib/crypto/secrets';
import type { BaseCtx } from '../context';
import { DomainError, NotFound, RateLimited } from '../errors';
import { fmtZ } from '../format';
import { candidatesFromJson, candidatesJson, effectiveOf } from '../access/effective';
import { decideLinkOpen, decideLockdown } from '@/lib/shared/policy';
import { doorLockdown, lockdownOverDeviceSql, lockdownRefusal } from '../lockdown/state';
import { linkScheduleWords, scheduleWords } from '@/lib/shared/policy/words';
import { countSql, hit, hitSql, secondsToReset, sweepSometimes, type Limit } from '../ratelimit';
import { recordLinkUse } from './history';
import { LINKABLE_TYPES, type AccessLinkRow } from './shape';

/**
 * The guest side of a link: no account, the token alone authorizes. Every request is counted
 * per client address and per link, and unknown tokens per client address, so tokens cannot be
 * guessed at speed (they are 256-bit random anyway) and a leaked link cannot hammer the doors.
 */
export const LINK_LIMITS = {
  perClient: { max: 120, windowSeconds: 60 },
  misses: { max: 10, windowSeconds: 600 },
  perLink: { max: 300, windowSeconds: 60 },
} satisfies Record<string, Limit>;

export interface Guest {
  /** client address (first x-forwarded-for entry); only its keyed hash is stored */
  ip: string;
}

export type GuestLink = AccessLinkRow & { timeZone: string; organizationName: string };

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;
const linkRow = tableRow(accessLinks);
const slowDown = (seconds: number) =>
  RateLimited('Too many attempts from your network. Wait a few minutes and try again.', seconds);

/**
 * The link of a token for a guest, counting the request against the client's, and then the
 * link's, budget: one statement (the client's hit with its recent misses; then, only for a client
 * within both, the link with its hit).
 */
export async function authorizeLink(ctx: BaseCtx, token: string, guest: Guest): Promise<GuestLink> {
  const now = ctx.now();
  const client = keyedHash(guest.ip || 'unknown', 'link-client');
  const { perClient, misses, perLink } = LINK_LIMITS;
  const [raw] = rowsOf<Record<string, unknown>>(
    await ctx.db.execute(sql`
      with client as (${hitSql(`link-client:${client}`, perClient, now)}),
      gate as (
        select (select count from client) as gate_hits, ${countSql(`link-miss:${client}`, misses, now)} as gate_misses
      ),
      link as (
        select l.*, o.time_zone as org_time_zone, o.name as org_name
        from gate, access_links l join organizations o on o.id = l.organization_id
        where ${TOKEN_SHAPE.test(token) ? sql`l.token_hash = ${tokenHash(token)}` : sql`false`}
          and gate.gate_hits <= ${perClient.max} and gate.gate_misses < ${misses.max}
        limit 1
      ), used as (${hitSql(sql`'link:' || link.id`, perLink, now, sql`link`)})
      select gate.*, link.*, (select count from used) as link_hits from gate left join link on true`),
  );
  await sweepSometimes(ctx.db, now);
  if ((raw.gate_hits as number) > perClient.max) throw slowDown(secondsToReset(perClient, now));
  if ((raw.gate_misses as number) >= misses.max) throw slowDown(secondsToReset(misses, now));
  if (raw.id === null) {
    await hit(ctx.db, `link-miss:${client}`, misses, now);
    throw NotFound('Access link');
  }
  if ((raw.link_hits as number) > perLink.max) {
    // once per window in the link's history: the first refused request says it, the rest are alike
    if ((raw.link_hits as number) === perLink.max + 1)
      await recordLinkUse(ctx, { accessLinkId: raw.id as string, outcome: 'rateLimited' });
    throw RateLimited(
      'This link is being used very often right now. Try again in a minute.',
      secondsToReset(perLink, now),
    );
  }
  return Object.assign(linkRow(raw), {
    timeZone: raw.org_time_zone as string,
    organizationName: raw.org_name as string,
  });
}

export type LinkWindow = 'active' | 'notYetValid' | 'expired';

export function windowState(link: Pick<AccessLinkRow, 'startDate' | 'endDate'>, now: Date): LinkWindow {
  if (link.startDate && now < link.startDate) return 'notYetValid';
  if (link.endDate && now >= link.endDate) return 'expired';
  return 'active';
}

/**
 * Outside its window a link shows and opens nothing, not even its description, devices or
 * dates: 410 once it has ended, 404 before it starts.
 */
export function requireActive(link: GuestLink, now: Date) {
  const state = windowState(link, now);
  if (state === 'notYetValid')
    throw new DomainError('not_found', 'This link is not valid yet. Open it again at the time you were given.');
  if (state === 'expired')
    throw new DomainError('gone', 'This link has expired. Ask the person who sent it for a new one.');
}

/** `requireActive`, with a refusal written to the link's history (a guest came with the link outside its window). */
export async function requireActiveUse(ctx: BaseCtx, link: GuestLink, device?: { id: number; name: string }) {
  const state = windowState(link, ctx.now());
  if (state !== 'active') await recordLinkUse(ctx, { accessLinkId: link.id, device, outcome: state });
  requireActive(link, ctx.now());
}

/**
 * The link's devices that are still locks or gates of its organization (a device may have moved
 * since), in the link's order, each with the accesses of whoever put it on the link (the link
 * opens it only while that person may) and the lockdown over it: one prepared statement.
 */
const liveDevicesOf = perDb((db) =>
  db
    .select({
      id: devices.id,
      name: devices.name,
      deviceType: devices.type,
      order: accessLinkDevices.order,
      timeZone: devices.timeZone,
      grantor: candidatesJson(db, { userId: sql`"access_link_devices"."added_by"` }),
      // can a command reach it: a lock through its bridge, a gate through the external system
      paired: sql<boolean>`${devices.connectedToId} is not null`,
      isConnected: devices.isConnected,
      bridgeConnected: sql<
        boolean | null
      >`(select b.is_connected from devices b where b.id = ${devices.connectedToId})`,
      isPresentInExternal: devices.isPresentInExternal,
      lockdown: lockdownOverDeviceSql,
    })
    .from(accessLinkDevices)
    .innerJoin(devices, eq(devices.id, accessLinkDevices.deviceId))
    .where(
      and(
        eq(accessLinkDevices.accessLinkId, sql.placeholder('linkId')),
        eq(devices.organizationId, sql.placeholder('organizationId')),
        inArray(devices.type, LINKABLE_TYPES),
      ),
    )
    .orderBy(asc(accessLinkDevices.order))
    .prepare('guest_link_devices'),
);

export interface GuestDevice {
  id: number;
  name: string;
  deviceType: number;
  order: number;
  timeZone: string;
  /** the link may open it now (lib/shared/policy: decideLinkOpen) */
  canOpen: boolean;
  /** why not, in a guest's words: the link's weekly schedule, or the door cannot be reached now (else null) */
  closedNow: string | null;
  /** the policy alone lets the link open it now (canOpen also needs the device to be reachable) */
  allowed: boolean;
  /** why the policy refuses, for the link's history: the link's own schedule, its grantor may no longer open it, a lockdown */
  refusal: 'outsideSchedule' | 'noLongerAllowed' | 'lockdown' | null;
  /** a lockdown holds over the door: why, in a guest's words (issue 35; else null) */
  lockdown: string | null;
}

/**
 * Why a command cannot reach the device now, in a guest's words (null: it can). Mirrors what the
 * gateway refuses (lock-row requireReachable, gates), so the page never offers a button that fails.
 */
export function unreachableWords(
  d: {
    name: string;
    deviceType: number;
    paired: boolean;
    isConnected: boolean | null;
    bridgeConnected: boolean | null;
    isPresentInExternal: boolean | null;
  },
  organization: string,
): string | null {
  const ask = `Ask ${organization} to let you in another way.`;
  if (d.deviceType === DeviceType.gate) {
    if (d.isPresentInExternal === false)
      return `${d.name} is no longer connected to this service, so the link cannot open it. ${ask}`;
    if (d.isConnected === false)
      return `${d.name} is offline right now, so the link cannot reach it. Try again in a few minutes, or ${ask.charAt(0).toLowerCase()}${ask.slice(1)}`;
    return null;
  }
  if (!d.paired) return `${d.name} can only be opened at the door with the app, not with a link. ${ask}`;
  if (d.bridgeConnected !== true)
    return `${d.name} is offline right now, so the link cannot reach it. Try again in a few minutes, or ${ask.charAt(0).toLowerCase()}${ask.slice(1)}`;
  return null;
}

async function liveDevices(ctx: BaseCtx, link: GuestLink): Promise<GuestDevice[]> {
  const now = ctx.now();
  const rows = await liveDevicesOf(ctx.db).execute({
    linkId: link.id,
    organizationId: link.organizationId,
    now: now.toISOString(),
  });
  return rows.map(({ grantor, paired, isConnected, bridgeConnected, isPresentInExternal, lockdown, ...d }) => {
    // a lockdown refuses a link whatever its hours and its grantor (lib/shared/policy: decideLockdown)
    const over = doorLockdown(d.id, lockdown);
    if (!decideLockdown(over, 'link').ok) {
      const words = lockdownRefusal(over!);
      return {
        ...d,
        canOpen: false,
        closedNow: words,
        allowed: false,
        refusal: 'lockdown',
        lockdown: words,
      } satisfies GuestDevice;
    }
    const decision = decideLinkOpen(link, d.timeZone, effectiveOf(candidatesFromJson(grantor), d.timeZone, now), now);
    const unreachable = unreachableWords(
      { ...d, paired, isConnected, bridgeConnected, isPresentInExternal },
      link.organizationName,
    );
    const closedNow =
      !decision.ok && decision.reason === 'linkSchedule'
        ? linkScheduleWords(link, d.timeZone, now, d.name)
        : decision.ok
          ? unreachable
          : null;
    const refusal = decision.ok ? null : decision.reason === 'linkSchedule' ? 'outsideSchedule' : 'noLongerAllowed';
    return {
      ...d,
      canOpen: decision.ok && !unreachable,
      closedNow,
      allowed: decision.ok,
      refusal,
      lockdown: null,
    } satisfies GuestDevice;
  });
}

/**
 * What the guest page shows of an active link: never the link's name (it is for administrators)
 * nor other links. `hours`: when it opens within its dates, in the organization's zone (null: any time).
 */
export async function guestView(ctx: BaseCtx, link: GuestLink) {
  requireActive(link, ctx.now());
  const weekly = link.weekDays !== null || link.dayStartTime !== null || link.dayEndTime !== null;
  const devices = await liveDevices(ctx, link);
  return {
    description: link.description,
    organizationName: link.organizationName,
    timeZone: link.timeZone,
    validFrom: fmtZ(link.startDate),
    validUntil: fmtZ(link.endDate),
    hours: weekly ? scheduleWords({ ...link, timeZone: link.timeZone }) : null,
    state: windowState(link, ctx.now()),
    lockdown: devices.find((d) => d.lockdown)?.lockdown ?? null,
    devices: devices.map(({ allowed: _, refusal: __, lockdown: ___, ...d }) => d),
  };
}

/** One of the link's live devices (see `liveDevicesOf`), or undefined. */
export async function liveDevice(ctx: BaseCtx, link: GuestLink, deviceId: number) {
  return (await liveDevices(ctx, link)).find((d) => d.id === deviceId);
}
