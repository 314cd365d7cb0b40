import { and, eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { accessLinkDevices, accessLinks, devices, organizations } from '@/db/schema';
import { keyedHash, tokenHash } from '@/lib/crypto/secrets';
import type { BaseCtx } from '../context';
import { DomainError, NotFound, RateLimited } from '../errors';
import { fmtZ } from '../format';
import { hit, peek, type Limit } from './ratelimit';
import { devicesOfLinks, LINKABLE_TYPES, type AccessLinkRow } from './shape';

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

export type GuestLink = AccessLinkRow & { timeZone: string };

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;
const slowDown = () => RateLimited('Too many attempts from your network. Wait a few minutes and try again.');

export async function authorizeLink(ctx: BaseCtx, token: string, guest: Guest): Promise<GuestLink> {
  const now = ctx.now();
  const client = keyedHash(guest.ip || 'unknown', 'link-client');
  if (!(await hit(ctx.db, `link-client:${client}`, LINK_LIMITS.perClient, now)).allowed) throw slowDown();
  if ((await peek(ctx.db, `link-miss:${client}`, LINK_LIMITS.misses, now)) >= LINK_LIMITS.misses.max) throw slowDown();
  const [row] = TOKEN_SHAPE.test(token)
    ? await ctx.db
        .select({ link: accessLinks, timeZone: organizations.timeZone })
        .from(accessLinks)
        .innerJoin(organizations, eq(organizations.id, accessLinks.organizationId))
        .where(eq(accessLinks.tokenHash, tokenHash(token)))
        .limit(1)
    : [];
  if (!row) {
    await hit(ctx.db, `link-miss:${client}`, LINK_LIMITS.misses, now);
    throw NotFound('Access link');
  }
  if (!(await hit(ctx.db, `link:${row.link.id}`, LINK_LIMITS.perLink, now)).allowed) {
    throw RateLimited('This link is being used very often right now. Try again in a minute.');
  }
  return { ...row.link, timeZone: row.timeZone };
}

export type LinkWindow = 'active' | 'notYetValid' | 'expired';

export function windowState(link: Pick<AccessLinkRow, 'startDate' | 'endDate'>, now: Date): LinkWindow {
  if (link.startDate && now < link.startDate) return 'notYetValid';
  if (link.endDate && now >= link.endDate) return 'expired';
  return 'active';
}

/** Refuses a command outside the link's window, saying when it opens or that it has ended. */
export function requireActive(link: GuestLink, now: Date) {
  const state = windowState(link, now);
  if (state === 'notYetValid') {
    const from = DateTime.fromJSDate(link.startDate!).setZone(link.timeZone).toFormat('d LLL yyyy, HH:mm');
    throw new DomainError('forbidden', `This link is not valid yet. It works from ${from} (${link.timeZone}).`);
  }
  if (state === 'expired') throw new DomainError('gone', 'This link has expired.');
}

/** What the guest page shows: never the link's name (it is for administrators) nor other links. */
export async function guestView(ctx: BaseCtx, link: GuestLink) {
  const devs = (await devicesOfLinks(ctx.db, [link.id])).get(link.id)!;
  const live = await liveDeviceIds(ctx, link, devs.map((d) => d.id));
  return {
    description: link.description,
    timeZone: link.timeZone,
    validFrom: fmtZ(link.startDate),
    validUntil: fmtZ(link.endDate),
    state: windowState(link, ctx.now()),
    devices: devs.filter((d) => live.has(d.id)).map((d) => ({ id: d.id, name: d.name, deviceType: d.deviceType, order: d.order, timeZone: d.timeZone })),
  };
}

/** Devices still locks or gates of the link's organization (a device may have moved since). */
export async function liveDeviceIds(ctx: BaseCtx, link: GuestLink, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await ctx.db
    .select({ id: devices.id })
    .from(devices)
    .innerJoin(accessLinkDevices, and(eq(accessLinkDevices.deviceId, devices.id), eq(accessLinkDevices.accessLinkId, link.id)))
    .where(and(inArray(devices.id, ids), eq(devices.organizationId, link.organizationId), inArray(devices.type, LINKABLE_TYPES)));
  return new Set(rows.map((r) => r.id));
}
