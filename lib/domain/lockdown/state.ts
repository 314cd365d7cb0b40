import { sql } from 'drizzle-orm';
import { anyInt } from '@/db/arrays';
import type { Db } from '@/db/client';
import { jsonValue } from '@/db/json-row';
import { devices } from '@/db/schema';
import { decideLockdown, type LockdownFacts, type Opener } from '@/lib/shared/policy';
import { lockdownWords } from '@/lib/shared/policy/words';
import { Forbidden } from '../errors';

/** An active lockdown over one door, with what its refusal says and the caller's role there. */
export interface DoorLockdown extends LockdownFacts {
  id: string;
  deviceId: number;
  /** the door's time zone (the refusal names the start in it) */
  timeZone: string;
  organizationName: string;
  /** the caller's role in the door's organization (null: not a member, or no caller asked) */
  callerRole: number | null;
}

/** What `lockdownOverDeviceSql` reads of a lockdown, as json. */
export interface LockdownJson {
  id: string;
  reason: string;
  siteName: string | null;
  startedAt: string;
  exemptUserIds: string[];
  timeZone: string;
  organizationName: string;
}

/**
 * Lockdown `l` holds now over door `door` (a name of `devices` in the statement): not lifted, and
 * its organization's as a whole or its site's. The one rule for the reads here and the worker's passes.
 */
export const lockdownHoldsOver = (door: '"devices"' | 'd') =>
  sql.raw(
    `l.organization_id = ${door}.organization_id and l.lifted_at is null and (l.site_id is null or l.site_id = ${door}.site_id)`,
  );

/**
 * The lockdown that holds now over the door of the enclosing select from `devices` (by that name,
 * not an alias; issue 35), as a json object, or null: a door's organization may be locked down as a
 * whole, or the door's site; where both hold, the site's is the one named. One indexed read, for
 * lockdownsOver and for the statements that read it beside their doors (the guest's link page).
 */
export const lockdownOverDeviceSql = sql<unknown>`(select json_build_object(
    'id', l.id, 'reason', l.reason, 'siteName', s.name, 'startedAt', l.started_at,
    'exemptUserIds', l.exempt_user_ids, 'timeZone', "devices".time_zone, 'organizationName', o.name)
  from lockdowns l
  join organizations o on o.id = l.organization_id
  left join sites s on s.id = l.site_id
  where ${lockdownHoldsOver('"devices"')}
  order by (l.site_id is null) asc
  limit 1)`;

/**
 * The lockdown read by `lockdownOverDeviceSql` over one door (undefined: none holds), with the
 * caller's role there (null: none asked).
 */
export function doorLockdown(
  deviceId: number,
  value: unknown,
  callerRole: number | null = null,
): DoorLockdown | undefined {
  if (value === null || value === undefined) return undefined;
  const l = jsonValue<LockdownJson>(value);
  return { ...l, deviceId, startedAt: new Date(l.startedAt), callerRole };
}

/**
 * The active lockdowns over these doors (lockdownOverDeviceSql), one statement.
 * `userId`: whose role in each door's organization to bring along (for decideLockdown).
 */
export async function lockdownsOver(
  db: Db,
  deviceIds: readonly number[],
  userId?: string,
): Promise<Map<number, DoorLockdown>> {
  const out = new Map<number, DoorLockdown>();
  if (!deviceIds.length) return out;
  const role = userId
    ? sql`(select ou.role from organization_users ou where ou.organization_id = "devices".organization_id and ou.user_id = ${userId}::uuid)`
    : sql`null::int`;
  const rows = await db
    .select({ id: devices.id, lockdown: lockdownOverDeviceSql, callerRole: sql<number | null>`${role}` })
    .from(devices)
    .where(anyInt(devices.id, [...new Set(deviceIds)]));
  for (const r of rows) {
    const l = doorLockdown(r.id, r.lockdown, r.callerRole === null ? null : Number(r.callerRole));
    if (l) out.set(r.id, l);
  }
  return out;
}

/** The lockdown's refusal in words for this door. */
export const lockdownRefusal = (l: DoorLockdown) => lockdownWords(l, l.timeZone, l.organizationName);

/** Why a lockdown keeps this person from opening this door, in words; null when none holds or they are exempt. */
export async function lockdownRefusalFor(db: Db, deviceId: number, userId: string): Promise<string | null> {
  const l = (await lockdownsOver(db, [deviceId], userId)).get(deviceId);
  return l && !decideLockdown(l, { userId, orgRole: l.callerRole }).ok ? lockdownRefusal(l) : null;
}

/**
 * Refuses an opening of this door while a lockdown holds over it (lib/shared/policy:
 * decideLockdown): `who` a person (their role is read here) or a link, keypad or timetable.
 * Returns quietly when none holds or the person is exempt.
 */
export async function enforceLockdown(db: Db, deviceId: number, who: { userId: string } | Opener): Promise<void> {
  const person = typeof who === 'object' ? who.userId : undefined;
  const l = (await lockdownsOver(db, [deviceId], person)).get(deviceId);
  if (!l) return;
  const opener: Opener = person ? { userId: person, orgRole: l.callerRole } : (who as Opener);
  if (decideLockdown(l, opener).ok) return;
  const words = lockdownRefusal(l);
  throw Forbidden(who === 'keypad' ? `${words} PINs cannot be added or changed until then.` : words);
}
