import { sql } from 'drizzle-orm';
import { anyInt, arrayFromDb } from '@/db/arrays';
import { rowsOf, type Db } from '@/db/client';
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

interface Row extends Record<string, unknown> {
  device_id: number;
  id: string;
  reason: string;
  site_name: string | null;
  started_at: string | Date;
  exempt_user_ids: string[] | string;
  time_zone: string;
  organization_name: string;
  caller_role: number | null;
}

/**
 * The active lockdowns over these doors (issue 35), one indexed read: a door's organization may be
 * locked down as a whole, or the door's site. Where both hold, the site's is the one named.
 * `userId`: whose role in each door's organization to bring along (for decideLockdown).
 */
export async function lockdownsOver(
  db: Db,
  deviceIds: readonly number[],
  userId?: string,
): Promise<Map<number, DoorLockdown>> {
  const out = new Map<number, DoorLockdown>();
  if (!deviceIds.length) return out;
  const rows = await db.execute<Row>(sql`
    select d.id as device_id, l.id, l.reason, s.name as site_name, l.started_at, l.exempt_user_ids,
      d.time_zone, o.name as organization_name,
      ${userId ? sql`(select ou.role from organization_users ou where ou.organization_id = d.organization_id and ou.user_id = ${userId}::uuid)` : sql`null::int`} as caller_role
    from devices d
    join lockdowns l on l.organization_id = d.organization_id and l.lifted_at is null
      and (l.site_id is null or l.site_id = d.site_id)
    join organizations o on o.id = d.organization_id
    left join sites s on s.id = l.site_id
    where ${anyInt(sql.raw('d.id'), [...new Set(deviceIds)])}
    order by (l.site_id is null) asc`);
  for (const r of rowsOf<Row>(rows)) {
    if (out.has(r.device_id)) continue;
    out.set(r.device_id, {
      id: r.id,
      deviceId: r.device_id,
      reason: r.reason,
      siteName: r.site_name,
      startedAt: new Date(r.started_at),
      exemptUserIds: arrayFromDb(r.exempt_user_ids),
      timeZone: r.time_zone,
      organizationName: r.organization_name,
      callerRole: r.caller_role === null ? null : Number(r.caller_role),
    });
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
